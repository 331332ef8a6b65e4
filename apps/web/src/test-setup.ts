// DOM matchers (toBeInTheDocument, toBeDisabled, toHaveValue…) so a test states what a user would notice
// instead of `toBeTruthy()` on a query that throws before the assertion runs. Importing it here also
// brings the matchers' types into the web tsconfig, since this file is under src.
import '@testing-library/jest-dom/vitest';
