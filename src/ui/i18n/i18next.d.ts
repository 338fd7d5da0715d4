import 'i18next';
import type { SourceResources } from './resources.ts';

declare module 'i18next' {
  /** Typed keys: `t('layout:tabs.sounds')` is checked against the Chinese source. */
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: SourceResources;
  }
}
