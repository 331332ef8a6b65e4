// DOM matchers for the component tests (react-native-web renders the app's views as DOM elements).
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A screen waits on several scripted calls; on a busy 2-core CI machine that outlasts the default 1 s.
configure({ asyncUtilTimeout: 5000 });
