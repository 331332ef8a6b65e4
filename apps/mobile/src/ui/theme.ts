/** The brand colour of SPEC.md §9 and the few shades the app uses. */
export const colors = {
  primary: '#2B388D',
  onPrimary: '#FFFFFF',
  text: '#1A1A1A',
  muted: '#5F6368',
  border: '#D5D8DD',
  background: '#F4F5F7',
  surface: '#FFFFFF',
  danger: '#B3261E',
  success: '#1E7B34',
  warning: '#8A5300',
  warningBackground: '#FFF4E0',
} as const;

/** Touch targets at least 48 points high (Android's and Apple's accessibility guidance). */
export const MIN_TOUCH = 48;
