import { MobileAppPrompt } from './MobileAppPrompt.tsx';

export function ContinueDownloadAppPage() {
  return (
    <MobileAppPrompt title="Continue in the BillPay app">
      You are all set. Continue in the BillPay mobile app: install it if you have not already, then sign in
      with your e-mail and the password you just chose.
    </MobileAppPrompt>
  );
}
