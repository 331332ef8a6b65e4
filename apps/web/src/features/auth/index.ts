export { CreateAccountPage } from './CreateAccountPage.tsx';
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { ForgotPasswordResetPage } from './ForgotPasswordResetPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { ResetPasswordExpiryPage } from './ResetPasswordExpiryPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
