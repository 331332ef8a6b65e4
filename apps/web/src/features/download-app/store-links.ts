// The store listings are configuration the spec does not give; keep these the only copies of the URLs.
export const APP_STORE_URL = 'https://apps.apple.com/app/bill-pay/id0000000000';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=com.example.billpay';
