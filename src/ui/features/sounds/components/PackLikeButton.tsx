import { useTranslation } from 'react-i18next';
import type { Pack } from '../../../../shared/index.ts';
import { Button } from '../../../components/index.ts';
import { packKey, useItemFlags } from '../../downloads/index.ts';
import { downloadActions } from '../services.ts';

/**
 * A pack's ♥ (the pack-like call, docs/api/downloads.md), on the pack page and in the detail
 * panel; its state follows the shared flags. A visitor gets the sign-in prompt, and the like is
 * made once they are back.
 */
export function PackLikeButton({ pack }: { pack: Pick<Pack, 'packCode' | 'likes' | 'name'> }) {
  const { t } = useTranslation('sounds');
  const override = useItemFlags((s) => s.flags[packKey(pack.packCode)]);
  const likes = override?.likes ?? pack.likes;
  return (
    <Button
      variant="secondary"
      icon={likes ? 'heart' : 'heartOutline'}
      aria-pressed={likes}
      onClick={() => void downloadActions().togglePackLike({ packCode: pack.packCode, likes })}
    >
      {t(likes ? 'detail.unlikePack' : 'detail.likePack')}
    </Button>
  );
}
