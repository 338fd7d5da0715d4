import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { makeTheme } from '../theme/theme.ts';
import { Button, Dialog, Menu, Slider, Switch, TextField, ToastViewport } from './index.ts';

const themed = (ui: React.ReactElement) =>
  render(<ThemeProvider theme={makeTheme('light')}>{ui}</ThemeProvider>);

describe('components', () => {
  it('Button blocks clicks while loading', async () => {
    const onClick = vi.fn();
    themed(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('TextField ties its label and inline error to the input', () => {
    themed(<TextField label="E-mail" error="Required" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Required');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('Slider reports numbers and clamps what it shows', () => {
    const onChange = vi.fn();
    themed(<Slider label="Volume" min={0} max={100} value={140} onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect(slider.value).toBe('100');
    fireEvent.change(slider, { target: { value: '30' } });
    expect(onChange).toHaveBeenCalledWith(30);
  });

  it('Switch toggles its checked state', async () => {
    function Harness() {
      const [on, setOn] = useState(false);
      return <Switch label="Offline" checked={on} onChange={setOn} />;
    }
    themed(<Harness />);
    const control = screen.getByRole('switch', { name: 'Offline' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(control);
    expect(control.getAttribute('aria-checked')).toBe('true');
  });

  it('Dialog closes on Escape and on its close button', async () => {
    const onClose = vi.fn();
    themed(
      <Dialog open title="Confirm" closeLabel="Close" onClose={onClose}>
        Body
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('Menu opens, runs an item and closes; Escape closes it', async () => {
    const onSelect = vi.fn();
    themed(
      <Menu label="Account" trigger="me" items={[{ key: 'a', label: 'Log out', onSelect }]} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('ToastViewport announces errors assertively and dismisses', async () => {
    const onDismiss = vi.fn();
    themed(
      <ToastViewport
        closeLabel="Close"
        onDismiss={onDismiss}
        toasts={[
          { id: 1, kind: 'error', message: '请求出错' },
          { id: 2, kind: 'success', message: '切换语言成功' },
        ]}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('请求出错');
    expect(screen.getByRole('status').textContent).toContain('切换语言成功');
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(onDismiss).toHaveBeenCalledWith(1);
  });
});
