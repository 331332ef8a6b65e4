import { MobileAppPrompt } from './MobileAppPrompt.tsx';

export function DownloadAppPage() {
  return (
    <MobileAppPrompt title="Get the BillPay app">
      On your phone, BillPay works through our mobile app. Download it to review and approve bills, then sign
      in with your usual e-mail and password.
    </MobileAppPrompt>
  );
}
