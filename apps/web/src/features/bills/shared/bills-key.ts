// Its own module so that code which only invalidates bill queries (the messages drawer of every
// signed-in layout) does not pull the bill routes and their schemas into the layout's chunk.
/** Root of every bill query key. */
export const BILLS_KEY = ['bills'] as const;
