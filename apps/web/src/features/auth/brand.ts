/** SPEC.md §9: the product's primary colour; the login illustration is drawn in it on purpose, not themed. */
export const BRAND_COLOUR = '#2B388D';
