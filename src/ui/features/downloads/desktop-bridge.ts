import {
  DESKTOP_BRIDGE_GLOBAL,
  type DesktopBridge,
} from '../../../shared/desktop-bridge/bridge.types.ts';

/** The desktop shell's bridge when the app runs in its window, else null (a plain browser). */
export function getDesktopBridge(win: Window = window): DesktopBridge | null {
  const bridge = (win as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_GLOBAL];
  if (typeof bridge !== 'object' || bridge === null) return null;
  return typeof (bridge as DesktopBridge).saveFile === 'function'
    ? (bridge as DesktopBridge)
    : null;
}
