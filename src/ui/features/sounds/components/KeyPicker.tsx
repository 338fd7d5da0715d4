import { useTranslation } from 'react-i18next';
import {
  camelot,
  expandKey,
  KEY_MATCHES,
  MUSICAL_KEYS,
  splitKey,
  type KeyMatch,
  type MusicalKey,
} from '../../../../shared/index.ts';
import { Select } from '../../../components/index.ts';

/** Props of KeyPicker. */
interface KeyPickerProps {
  value?: MusicalKey;
  match?: KeyMatch;
  onChange(key: MusicalKey | undefined, match: KeyMatch): void;
}

/**
 * The key filter: one key from the major and minor groups (with its Camelot code), and how far
 * the filter reaches (the key, with its relative key, or with every compatible key). The keys it
 * matches are listed under it.
 */
export function KeyPicker({ value, match = 'exact', onChange }: KeyPickerProps) {
  const { t } = useTranslation('sounds');
  const label = (key: MusicalKey) => {
    const { tonic, mode } = splitKey(key);
    return t(`filters.keyName.${mode}`, { tonic, camelot: camelot(key) });
  };
  const group = (mode: 'major' | 'minor') => ({
    label: t(`filters.modes.${mode}`),
    options: MUSICAL_KEYS.filter((key) => splitKey(key).mode === mode).map((key) => ({
      value: key,
      label: label(key),
    })),
  });
  return (
    <>
      <Select<MusicalKey | 'any'>
        label={t('filters.key')}
        aria-label={t('filters.key')}
        value={value ?? 'any'}
        options={[{ value: 'any', label: t('filters.anyKey') }]}
        groups={[group('major'), group('minor')]}
        onChange={(key) => onChange(key === 'any' ? undefined : key, match)}
      />
      <Select<KeyMatch>
        label={t('filters.keyMatch')}
        aria-label={t('filters.keyMatch')}
        value={match}
        disabled={!value}
        title={value ? expandKey(value, match).join(' · ') : undefined}
        options={KEY_MATCHES.map((m) => ({ value: m, label: t(`filters.keyMatches.${m}`) }))}
        onChange={(next) => onChange(value, next)}
      />
    </>
  );
}
