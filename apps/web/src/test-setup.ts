// DOM matchers (toBeInTheDocument, toBeDisabled, toHaveValue…) so a test states what a user would notice
// instead of `toBeTruthy()` on a query that throws before the assertion runs. Importing it here also
// brings the matchers' types into the web tsconfig, since this file is under src.
import '@testing-library/jest-dom/vitest';

import { configure } from '@testing-library/react';

// findBy…/waitFor wait up to 15 s (Testing Library's default is 1 s): the app's routes load lazily, and on
// CI's two busy cores the first render of a route module took longer than a second (the header tests
// failed on a page still "Loading…"), and once, on a slower machine, longer than 5 s (the sign-in page's
// first import). A test that should fail still fails, only later.
configure({ asyncUtilTimeout: 15_000 });
