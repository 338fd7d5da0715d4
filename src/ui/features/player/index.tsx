/** The bottom sample player of the sounds frame (docs/PRODUCT.md §4, §9). */
export { SamplePlayerBar } from './SamplePlayerBar.tsx';

/** How a list (rows, the detail panel) plays, toggles and seeks a sample through the player. */
export {
  anticipate,
  auditionSample,
  playFromList,
  seekBy,
  seekSample,
  switchToSample,
  toggleSample,
} from './play-sample.ts';

/** Whether Sync changes how a sample is heard (rows then offer "download as heard"). */
export { useChangedBySync } from './AsHeardButton.tsx';
