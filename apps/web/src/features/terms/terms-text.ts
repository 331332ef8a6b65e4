export interface TermsSection {
  title: string;
  paragraphs: string[];
}

export const TERMS_VERSION_DATE = 'January 2026';

/** The terms a client user accepts before first use; plain language, no marketing. */
export const TERMS_SECTIONS: TermsSection[] = [
  {
    title: '1. The service',
    paragraphs: [
      'BillPay lets your provider team pay bills on your behalf and lets you, and the people you authorise, review and approve those bills before they are paid. The service also shows commitments, reports and account information that your provider team maintains for you.',
      'Your provider team, not the operator of this software, is responsible for the services it performs for you under your separate agreement with it. These terms cover your use of the web and mobile applications.',
    ],
  },
  {
    title: '2. Accounts and authorised users',
    paragraphs: [
      'Each person who uses the service has a personal account. You must not share your password or two-factor codes with anyone, including people who also have access to your bills.',
      'You may ask your provider team to give others access as designees, who can approve bills on your behalf within any limits you set, or as observers, who can only view information. You are responsible for the actions of the people you authorise and for asking your provider team to remove access that is no longer needed.',
    ],
  },
  {
    title: '3. Approvals and payments',
    paragraphs: [
      'When you or your designee approves a bill, you instruct your provider team to pay it as shown, from the account indicated, on or around the scheduled date. Please check the payee, amount and date before approving. Rejecting a bill means it will not be paid; asking for a revision returns it to your provider team for correction.',
      'Some payments require more than one approval, for example bills above $10,000, payments to a new vendor or wire transfers. A payment is made only after all required approvals are given. Payments depend on sufficient funds and on the banks involved; a payment that has been released may not be reversible.',
    ],
  },
  {
    title: '4. Data and privacy',
    paragraphs: [
      'We process the information needed to provide the service: your name and contact details, the bills, invoices and documents your provider team uploads, approval decisions and records of sign-in and activity. We use this information only to provide, secure and support the service and to meet legal obligations.',
      'Information is shared with your provider team and with the people you authorise, and with service providers who host or operate parts of the service under confidentiality obligations. We do not sell your information. Records of payments and approvals are kept for as long as required by law and by your provider team’s record-keeping obligations.',
    ],
  },
  {
    title: '5. Security',
    paragraphs: [
      'Information is encrypted in transit and access is limited to the people who need it. We recommend, and your organisation may require, two-factor authentication by text message or e-mail.',
      'Tell your provider team or our support team at once if you suspect that someone has used your account, or if you receive a request for your password or a code. Neither we nor your provider team will ask for them.',
    ],
  },
  {
    title: '6. Liability',
    paragraphs: [
      'The service is provided with reasonable care and skill. We are not responsible for payments made on approvals given through your account or by your authorised users, for delays or errors caused by banks, payees or other third parties, or for losses that arise from information you or your provider team supply being incomplete or wrong.',
      'Nothing in these terms limits liability that cannot be limited by law. Any other liability is limited to direct losses that were reasonably foreseeable.',
    ],
  },
  {
    title: '7. Changes and ending the service',
    paragraphs: [
      'We may update these terms; if a change is material we will ask you to accept the new version before you continue. You may stop using the service at any time by contacting your provider team, who may also end your access under its agreement with you.',
    ],
  },
];
