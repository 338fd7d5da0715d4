/** The bottom sample player of the sounds frame (SPEC §4, §9). */
export { SamplePlayerBar } from './SamplePlayerBar.tsx';
