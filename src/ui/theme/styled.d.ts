import 'styled-components';
import type { AppTheme } from './theme.ts';

declare module 'styled-components' {
  /** Every styled component's `props.theme` is our typed AppTheme. */
  // oxlint-disable-next-line typescript/no-empty-object-type -- module augmentation needs an interface
  export interface DefaultTheme extends AppTheme {}
}
