/** The bottom sample player of the sounds frame (SPEC §4, §9). */
export function SamplePlayerBar(): null {
  return null;
}
