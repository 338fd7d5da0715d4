import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Select, TextField } from '../../../components/index.ts';
import {
  MUSICAL_KEYS,
  SAMPLE_EDIT_FIELDS,
  SAMPLE_KINDS,
  type SampleEdit,
} from '../../../../shared/index.ts';
import { FormRow } from '../admin-table.ts';
import { parseEdit, type EditField } from './sample-edit.ts';

/** The input of one field: a select for key and kind, text for the rest. */
function ValueInput(props: { field: EditField; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('admin');
  const label = t('samples.value');
  if (props.field === 'audioKey' || props.field === 'kind')
    return (
      <Select
        label={label}
        value={props.value}
        onChange={props.onChange}
        options={
          props.field === 'audioKey'
            ? [
                { value: '', label: t('samples.noKey') },
                ...MUSICAL_KEYS.map((key) => ({ value: key, label: key })),
              ]
            : SAMPLE_KINDS.map((kind) => ({ value: kind, label: t(`samples.kinds.${kind}`) }))
        }
      />
    );
  return (
    <TextField
      label={label}
      value={props.value}
      inputMode={props.field === 'bpm' ? 'numeric' : undefined}
      placeholder={props.field === 'tags' ? t('samples.tagsHint') : undefined}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/**
 * Edits one field at a time: choose the field, type its value, save. `initial` gives the value a
 * chosen field starts from (the sample's own, or empty for a selection).
 */
export function FieldEditor(props: {
  initial: (field: EditField) => string;
  saveLabel: string;
  onSave: (edit: SampleEdit) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin');
  const [field, setField] = useState<EditField>('bpm');
  const [value, setValue] = useState(() => props.initial('bpm'));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = (next: EditField) => {
    setField(next);
    setValue(props.initial(next));
    setProblem(null);
  };
  const save = async () => {
    const edit = parseEdit(field, value);
    if ('problem' in edit) return setProblem(t(`samples.invalid.${edit.problem}`));
    setBusy(true);
    await props.onSave(edit).finally(() => setBusy(false));
  };
  return (
    <FormRow data-field-editor>
      <Select
        label={t('samples.field')}
        value={field}
        onChange={choose}
        options={SAMPLE_EDIT_FIELDS.map((f) => ({ value: f, label: t(`samples.fields.${f}`) }))}
      />
      <ValueInput field={field} value={value} onChange={setValue} />
      <Button size="small" variant="primary" loading={busy} onClick={() => void save()}>
        {props.saveLabel}
      </Button>
      {props.onCancel && (
        <Button size="small" variant="text" onClick={props.onCancel}>
          {t('users.cancel')}
        </Button>
      )}
      {problem && <span role="alert">{problem}</span>}
    </FormRow>
  );
}
