export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

/** SPEC.md §2: exactly these five groups, in this order. */
export const FAQ_GROUPS: FaqGroup[] = [
  {
    title: 'How to Use the App',
    items: [
      {
        question: 'How do I approve a bill?',
        answer:
          'Open Bills and choose a bill waiting for your approval. Check the vendor, amount, due date and the attached invoice, then choose Approve. An approved bill moves to pending payment and your provider team pays it on the scheduled date; you will see it under Paid once the payment has gone out.',
      },
      {
        question: 'What happens when I reject a bill or ask for a revision?',
        answer:
          'Reject needs a short reason and the bill is not paid. Revise sends your change request (for example a different amount or payment date) back to your provider team, who update the bill and send it to you again for approval.',
      },
      {
        question: 'Why does a bill need more than one approval?',
        answer:
          'Some bills pass several levels: a secondary review by a supervisor on the provider team, then you or your designee. Bills above $10,000, bills to a new vendor and wire payments carry extra approval levels, which can include a power-of-attorney approval.',
      },
      {
        question: 'What are commitments?',
        answer:
          'Commitments are recurring obligations such as insurance premiums, pledges or tuition. Your provider team records them once and each instalment becomes a bill that follows the usual approval steps.',
      },
    ],
  },
  {
    title: 'Access and Permissions',
    items: [
      {
        question: 'What is a designee?',
        answer:
          'A designee is a person you trust to approve bills on your behalf, such as a family member or an assistant. Your provider team can give a designee approval limits, so that larger bills still come to you.',
      },
      {
        question: 'What can an observer do?',
        answer:
          'Observers have view-only access. They can see bills, commitments and reports but cannot approve, reject or change anything. Observers are added under App Users during onboarding or by your provider team.',
      },
      {
        question: 'How do I give someone access or remove it?',
        answer:
          'Contact your provider team with the person’s name, e-mail address and the role they should have. Access is removed the same way and takes effect immediately.',
      },
    ],
  },
  {
    title: 'App Support',
    items: [
      {
        question: 'Is there a mobile app?',
        answer:
          'Yes. The BillPay app for iPhone and Android lets you review and approve bills on the go. Download it from the Apple App Store or Google Play and sign in with the same e-mail and password.',
      },
      {
        question: 'I work with several clients or entities. How do I switch?',
        answer:
          'Use the client selector at the top of the page. Each client keeps its own bills, commitments and reports; your role can differ from one client to another.',
      },
      {
        question: 'How do I change my name or profile photo?',
        answer:
          'Open Profile from the user menu. You can edit your first and last name and upload a JPEG, PNG or GIF photo of up to 2 MB. To change your e-mail address, contact your provider team.',
      },
    ],
  },
  {
    title: 'Security',
    items: [
      {
        question: 'How do I set up two-factor authentication?',
        answer:
          'Choose whether to receive codes by text message or e-mail, confirm your phone number or e-mail address, and enter the 6-digit code we send you. From then on you will enter a fresh code each time you sign in. Some organisations require two-factor authentication for everyone.',
      },
      {
        question: 'I forgot my password. What do I do?',
        answer:
          'Choose Forgot password? on the sign-in page and enter your e-mail address. If an account exists, we send you a single-use link to choose a new password. Passwords need at least 10 characters with a letter and a digit.',
      },
      {
        question: 'Will you ever ask for my password?',
        answer:
          'No. Neither our support team nor your provider team will ask for your password or a two-factor code by phone or e-mail. If someone does, do not share it and let us know.',
      },
    ],
  },
  {
    title: 'Tech Support',
    items: [
      {
        question: 'Which browsers are supported?',
        answer:
          'The current and previous versions of Chrome, Edge, Firefox and Safari. On phones and tablets we recommend the mobile app.',
      },
      {
        question: 'A page does not load or shows an error. What should I try?',
        answer:
          'Reload the page, then sign out and back in. If the problem continues, note what you were doing and the time it happened, and contact support so we can look into it.',
      },
      {
        question: 'I did not receive my verification code or reset e-mail.',
        answer:
          'Codes and e-mails usually arrive within a minute. Check your spam folder and that your phone has signal, then ask for a new code. Repeated attempts are limited for a few minutes to protect your account.',
      },
    ],
  },
];
