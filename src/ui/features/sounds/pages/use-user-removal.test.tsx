import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRelation } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { useToastStore } from '../../../stores/toast.store.ts';
import { renderSounds } from '../testing/render.tsx';
import { useUserRemoval } from './use-user-removal.tsx';

function Harness({ relation, reload }: { relation: UserRelation; reload: () => void }) {
  const { remove, dialog } = useUserRemoval(relation, 'samples', reload);
  return (
    <>
      <button type="button" onClick={() => void remove([7, 8])}>
        remove
      </button>
      {dialog}
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

describe('useUserRemoval', () => {
  it('asks before a warehouse removal; cancel removes nothing, confirm offers undo', async () => {
    const removed = vi.spyOn(catalogueApi, 'removeUserItems').mockResolvedValue({ removed: 2 });
    const restored = vi.spyOn(catalogueApi, 'restoreUserItems').mockResolvedValue({});
    const reload = vi.fn();
    renderSounds(<Harness relation="stockroom" reload={reload} />);

    await userEvent.click(screen.getByRole('button', { name: 'remove' }));
    const dialog = await screen.findByRole('dialog', { name: '从仓库移除 2 个采样？' });
    expect(dialog.textContent).toContain('以后再次下载不扣下载次数');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(removed).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'remove' }));
    await userEvent.click(await screen.findByRole('button', { name: '移除' }));
    await waitFor(() =>
      expect(removed).toHaveBeenCalledWith({
        relation: 'stockroom',
        range: 'samples',
        ids: [7, 8],
      }),
    );
    expect(reload).toHaveBeenCalledTimes(1);
    const [shown] = useToastStore.getState().toasts;
    expect(shown?.message).toBe('已从仓库移除 2 项，再次下载免费');
    expect(shown?.action?.label).toBe('撤销');
    shown!.action!.run();
    await waitFor(() =>
      expect(restored).toHaveBeenCalledWith({
        relation: 'stockroom',
        range: 'samples',
        ids: [7, 8],
      }),
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('a liked-list removal needs no question and still offers undo', async () => {
    const removed = vi.spyOn(catalogueApi, 'removeUserItems').mockResolvedValue({ removed: 2 });
    renderSounds(<Harness relation="likes" reload={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'remove' }));
    await waitFor(() => expect(removed).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useToastStore.getState().toasts[0]?.action?.label).toBe('撤销');
  });
});
