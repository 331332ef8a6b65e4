/** The United States' part of libphonenumber-js metadata: calling code 1 maps to the US alone. */
export function usOnlyMetadata(full) {
  return {
    version: full.version,
    country_calling_codes: { 1: ['US'] },
    countries: { US: full.countries.US },
    nonGeographic: {},
  };
}
