import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Card, Muted, PageTitle, TextField } from '../../../components/index.ts';
import { useFileDrop } from '../../../components/use-file-drop.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import type { PackUploadReport } from '../../../../shared/index.ts';
import { PackEditor } from './PackEditor.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';
import { uploadPackFiles, type UploadProgress } from './packs.api.ts';

/** The pack code rule of the gateway (letters, digits, `_.-`; up to 100). */
const PACK_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

const Drop = styled.div<{ $over: boolean }>`
  margin: ${({ theme }) => theme.space(3)} 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const Bar = styled.progress`
  width: 100%;
  height: 8px;
`;

/** Progress of the running upload, per file and in total. */
function ProgressList(props: { files: File[]; progress: UploadProgress }) {
  const { t } = useTranslation('admin');
  const { files, progress } = props;
  const percent = (part: number, whole: number) => Math.round((100 * part) / Math.max(1, whole));
  return (
    <div data-upload-progress>
      <Muted>
        {t('packs.upload.total', { percent: percent(progress.loaded, progress.total) })}
      </Muted>
      <Bar max={progress.total} value={progress.loaded} aria-label={t('packs.upload.totalLabel')} />
      <ul>
        {files.map((file, i) => (
          <li key={`${i}-${file.name}`} data-file-progress={file.name}>
            {file.webkitRelativePath || file.name} — {percent(progress.files[i] ?? 0, file.size)}%
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The Packs screen (docs/ADMIN.md): a pack's fields, its files chosen as a folder, as files or a
 * zip, or dropped; the upload with its progress and report; then the pack's review queue.
 * Uploading needs 760 px; below, the queue is shown read-only.
 */
export function PacksCard() {
  const { t } = useTranslation(['admin', 'common']);
  const wide = useMediaQuery('(min-width: 760px)');
  const [fields, setFields] = useState({
    code: '',
    name: '',
    brand: '',
    category: 'instruments',
    primary: '',
    secondary: '',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [report, setReport] = useState<PackUploadReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [queueOf, setQueueOf] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));
  const add = (list: FileList | null) => setFiles((old) => [...old, ...Array.from(list ?? [])]);
  const { over, handlers } = useFileDrop(add);
  const codeValid = PACK_CODE.test(fields.code);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!codeValid || files.length === 0) return;
    setBusy(true);
    setError(null);
    setReport(null);
    const { code, ...rest } = fields;
    try {
      const done = await uploadPackFiles(code, files, rest, setProgress);
      setReport(done);
      setFiles([]);
      setQueueOf(code);
      setRound((r) => r + 1);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-admin="packs">
      <PageTitle>{t('packs.title')}</PageTitle>
      {!wide && <Muted>{t('packs.narrow')}</Muted>}
      <form onSubmit={(event) => void submit(event)} hidden={!wide} data-pack-form>
        <Fields>
          <TextField
            label={t('packs.fields.code')}
            value={fields.code}
            onChange={set('code')}
            error={fields.code && !codeValid ? t('packs.fields.codeRule') : null}
            required
          />
          <TextField label={t('packs.fields.name')} value={fields.name} onChange={set('name')} />
          <TextField label={t('packs.fields.brand')} value={fields.brand} onChange={set('brand')} />
          <TextField
            label={t('packs.fields.primary')}
            value={fields.primary}
            onChange={set('primary')}
          />
          <TextField
            label={t('packs.fields.secondary')}
            value={fields.secondary}
            onChange={set('secondary')}
          />
        </Fields>
        <Drop
          // A new one after each upload: the pickers forget the files they sent.
          key={round}
          $over={over}
          data-drop
          {...handlers}
        >
          <Muted>{t('packs.upload.drop')}</Muted>
          <label>
            {t('packs.upload.folder')}{' '}
            <input
              type="file"
              multiple
              data-pick="folder"
              // The attribute React does not type: the browser then picks a whole folder.
              {...{ webkitdirectory: '' }}
              onChange={(event) => add(event.target.files)}
            />
          </label>
          <label>
            {t('packs.upload.files')}{' '}
            <input
              type="file"
              multiple
              data-pick="files"
              accept="audio/*,.wav,.aif,.aiff,.flac,.mp3,.ogg,.zip"
              onChange={(event) => add(event.target.files)}
            />
          </label>
        </Drop>
        <Muted>{t('packs.upload.chosen', { count: files.length })}</Muted>{' '}
        <Button
          type="submit"
          variant="primary"
          disabled={!codeValid || files.length === 0}
          loading={busy}
        >
          {t('packs.upload.start')}
        </Button>{' '}
        <Button type="button" variant="text" onClick={() => setFiles([])} disabled={busy}>
          {t('packs.upload.clear')}
        </Button>
      </form>
      {progress && busy && <ProgressList files={files} progress={progress} />}
      {error && <p role="alert">{error}</p>}
      {report && (
        <p data-upload-report>
          {t('packs.upload.report', {
            imported: report.imported.length,
            skipped: report.skipped.length,
            findings: report.findings,
          })}
        </p>
      )}
      {!wide && (
        <TextField
          label={t('packs.fields.code')}
          value={fields.code}
          onChange={set('code')}
          onBlur={() => codeValid && setQueueOf(fields.code)}
        />
      )}
      {wide && codeValid && queueOf !== fields.code && (
        <Button variant="text" onClick={() => setQueueOf(fields.code)}>
          {t('packs.queue.open')}
        </Button>
      )}
      {queueOf && (
        <PackEditor
          // Not the queue's key: siblings with one key are kept twice by React.
          key={`editor-${queueOf}-${round}`}
          packCode={queueOf}
          editable={wide}
          onDeleted={() => setQueueOf(null)}
        />
      )}
      {queueOf && <ReviewQueue key={`${queueOf}-${round}`} packCode={queueOf} editable={wide} />}
    </Card>
  );
}
