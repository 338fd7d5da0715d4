import { AudioError } from '../../../shared/audio/audio-errors.ts';
import { analyseAudioFile } from '../../player/index.ts';
import { page } from '../../api/page.ts';
import { t } from '../../i18n/i18n.ts';
import { toast } from '../../stores/toast.store.ts';
import { SOUND_SEARCH_PATH } from './model/similar-path.ts';
import { useSoundSearch } from './model/sound-search.store.ts';

/** Largest file searched by sound (MB): a sample is far smaller; this keeps a stray video out. */
export const MAX_SOUND_FILE_MB = 200;

let searches = 0;

/** The message for a file the worker refused, by why it refused it. */
function refusal(error: unknown, name: string): string {
  const code = error instanceof AudioError ? error.code : null;
  if (code === 'UNSUPPORTED_FORMAT') return t('sounds:soundSearch.notAudio', { name });
  if (code === 'INVALID_AUDIO') return t('sounds:soundSearch.tooShort', { name });
  if (code === 'DECODE') return t('sounds:soundSearch.corrupt', { name });
  return t('sounds:soundSearch.failed', { name });
}

/** Shows why a file was refused (toast and the page), leaving the last result as it was. */
function refuse(message: string): false {
  useSoundSearch.setState({ analysing: null, error: message });
  toast.error(message);
  return false;
}

/**
 * Searches by the sound of one local file: the worker pool decodes and analyses it, and only its
 * embedding and kind go to the gateway (from the results page). Opens the results page; a file
 * that is not audio, damaged, too large or one of several gets a clear message, and the last
 * result, the typed search and the page stay as they were. True when the search started.
 */
export async function searchBySound(files: readonly File[]): Promise<boolean> {
  if (files.length !== 1) return refuse(t('sounds:soundSearch.oneFile'));
  const file = files[0]!;
  const name = file.name;
  if (file.size > MAX_SOUND_FILE_MB * 2 ** 20)
    return refuse(t('sounds:soundSearch.tooLarge', { name, max: MAX_SOUND_FILE_MB }));
  useSoundSearch.setState({ analysing: name, error: null });
  try {
    const analysis = await analyseAudioFile(await file.arrayBuffer());
    useSoundSearch.setState({
      analysing: null,
      query: {
        id: ++searches,
        fileName: name,
        embedding: Array.from(analysis.embedding),
        kind: analysis.kind,
        bpm: analysis.bpm,
        key: analysis.key,
      },
    });
  } catch (error) {
    return refuse(refusal(error, name));
  }
  page.navigate(SOUND_SEARCH_PATH);
  return true;
}
