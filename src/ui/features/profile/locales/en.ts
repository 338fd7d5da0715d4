import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** Profile, pricing, orders and legal strings (namespace `profile`), English. */
export const en: LocaleShape<typeof zh> = {
  tabs: { ac: 'Account', fieldset: 'Pricing', orders: 'Orders' },
  ac: {
    title: 'Account',
    email: 'E-mail',
    role: 'Role',
    plan: 'Current plan',
    quota: 'Downloads left',
    unlimited: 'Unlimited',
    memberSince: 'Member since',
    changePassword: 'Change password',
    installTitle: 'Desktop app',
    installText:
      'The desktop app saves downloaded samples by brand and type into a folder you choose, keeps them browsable and playable offline, and can start with the system.',
    installGet:
      'Get it: the desktop app comes with the Yinku repository, nothing else to download. In the repository folder, run this command; it builds the client, starts Yinku and opens the desktop window:',
    installCommand: 'npm run desktop',
    installOpen:
      'Open it: run the same command again whenever you want it and log in with this account; turn on "start with the system" in its preferences and it opens when you log in to your computer.',
    installMore:
      'On Linux without a display run xvfb-run -a npm run desktop; to use a Yinku that is already running, set YINKU_URL (for example YINKU_URL=http://host:8080 npm run desktop). Everything else is in docs/DESKTOP.md in the repository.',
    desktopTitle: 'Desktop app',
    desktopInApp:
      'You are using the desktop app (version {{version}}). Downloads are saved to the download folder.',
    desktopRoot: 'Download folder: {{root}}',
    desktopOpenFolder: 'Open the download folder',
    desktopSettings: 'Change the download folder or start-up',
  },
  roles: { ORDINARY: 'Ordinary user', CREATOR: 'Creator', ADMIN: 'Administrator' },
  fieldset: {
    current: 'Current plan',
    yourPlan: 'Your plan: {{plan}} · {{balance}}',
    title: 'Pricing',
    demoNotice: 'Demo payment mode: purchases take effect at once and nothing is ever charged.',
    periods: { month: '/ month', year: '/ year', once: 'one-off' },
    quota: '{{count}} downloads',
    unlimited: 'Unlimited downloads',
    buy: 'Buy',
    confirmTitle: 'Confirm purchase',
    confirmText: 'Buy “{{name}}” ({{price}})? Demo mode: nothing is charged.',
    bought: 'Purchase complete',
  },
  orders: {
    title: 'My orders',
    empty: 'No orders yet',
    id: 'Order',
    product: 'Plan',
    price: 'Amount',
    status: 'Status',
    date: 'Date',
    demo: 'Demo',
    statuses: { PAID: 'Paid', PENDING: 'Pending', FAILED: 'Failed' },
  },
  legal: {
    privacyTitle: 'Privacy policy',
    privacy: [
      'Yinku (“we”) cares about your privacy. This policy explains what we collect, how we use it and what rights you have.',
      'What we collect: the e-mail address you register with; your password is hashed with SHA-256 in your browser and the server stores only an argon2id digest of that, so we never learn your password; your download, like and order history; and the access logs needed to keep the service secure.',
      'How we use it: to provide sign-in, downloads, likes and purchases; to send verification-code e-mails; and to prevent abuse (for example by limiting login attempts). We never sell your personal data or use it for advertising.',
      'Local storage: the app keeps your sign-in tokens and preferences (language, display mode, volume and so on) in your browser. Logging out clears all of it.',
      'Your rights: you can change your password at any time, or contact us to delete your account and its data.',
    ],
    termsTitle: 'Terms of service',
    terms: [
      'Welcome to Yinku. By using the service you agree to these terms.',
      'Accounts: you are responsible for everything done with your account; keep your password safe. An account is for one person.',
      'Licence: samples you download through the service may be used in your own music, including commercial releases, but the samples themselves may not be resold, sublicensed or redistributed as a sample library.',
      'Plans and orders: pricing plans add downloads to your quota. Payment in this deployment runs in demo mode and nothing is ever charged.',
      'Acceptable use: do not disrupt the service, circumvent download limits or scrape content in bulk by automated means.',
      'Disclaimer: the service is provided “as is”. To the extent the law allows, we are not liable for indirect losses. Changes to these terms are published on this page.',
    ],
  },
};
