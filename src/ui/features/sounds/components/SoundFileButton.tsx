import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton, Spinner } from '../../../components/index.ts';
import { useSoundSearch } from '../model/sound-search.store.ts';
import { searchBySound } from '../sound-search.ts';

/** What the file chooser offers: the formats our decoders read. */
const ACCEPT = 'audio/*,.wav,.wave,.aif,.aiff,.mp3,.flac,.ogg,.oga';

/**
 * Picks an audio file to search by sound: an icon in the search bar, or a labelled button on the
 * results page (`labelled`). Shows a spinner while a file is analysed.
 */
export function SoundFileButton({
  labelled = false,
  onSearched,
}: {
  labelled?: boolean;
  /** Runs once a picked file's search has started. */
  onSearched?: () => void;
}) {
  const { t } = useTranslation('sounds');
  const input = useRef<HTMLInputElement>(null);
  const analysing = useSoundSearch((s) => s.analysing);
  const label = t('soundSearch.pick');
  const chooser = (
    <input
      ref={input}
      type="file"
      accept={ACCEPT}
      hidden
      data-testid="sound-file-input"
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        // Emptied, so choosing the same file again searches again.
        event.target.value = '';
        if (files.length > 0)
          void searchBySound(files).then((started) => started && onSearched?.());
      }}
    />
  );
  if (analysing && !labelled)
    return <Spinner size={18} label={t('soundSearch.analysing', { name: analysing })} />;
  return (
    <>
      {chooser}
      {labelled ? (
        <Button
          variant="secondary"
          icon="upload"
          loading={analysing !== null}
          onClick={() => input.current?.click()}
        >
          {label}
        </Button>
      ) : (
        <IconButton icon="upload" label={label} size={18} onClick={() => input.current?.click()} />
      )}
    </>
  );
}
