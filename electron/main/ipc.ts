// IPC handlers behind window.desktop. Every call is checked: the sender must be the top frame of
// one of our pages, and arguments are parsed with the bridge contract's schemas.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { DESKTOP_IPC, ZServerUrlInput, ZSupplierPath, type TDesktopAppInfo, type TNotificationSettings, type TServerCheck, type TServerSettings } from '../../contracts/desktop.js';
import { ZMemberInfo } from '../../contracts/member.js';
import { isTrustedIpcSender } from '../core/policies.js';
import type { TSessionHub } from '../core/session-hub.js';

const MAX_USER_JSON = 64 * 1024;

export function registerIpc(deps: {
  allowed: string[];
  hub: TSessionHub;
  openSupplier: (route: string) => void;
  /** The sender's renderer listens for routes (launch-routing.ts createNavigationQueue). */
  windowReady: (sender: WebContents) => void;
  /** The sender's page has (or no longer has) unsaved edits (restart-guard.ts). */
  windowUnsavedChanges: (sender: WebContents, hasUnsavedChanges: boolean) => void;
  appInfo: () => TDesktopAppInfo;
  restartForUpdate: () => Promise<unknown>;
  server: { get(): TServerSettings; test(apiUrl: string): Promise<TServerCheck>; save(apiUrl: string): Promise<TServerCheck> };
  /** 「通知设置」: the input is checked by the core (checkNotificationSettingsInput) before anything is written. */
  notificationSettings: { get(): TNotificationSettings; save(input: unknown): TServerCheck };
  log: (msg: string) => void;
}) {
  const handle = (channel: string, handler: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown) => {
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedIpcSender(event, deps.allowed)) {
        deps.log(`refused IPC ${channel} from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
        throw new Error('Untrusted sender');
      }
      return handler(event, ...args);
    });
  };

  handle(DESKTOP_IPC.sessionGet, () => deps.hub.snapshot());
  handle(DESKTOP_IPC.sessionSignIn, () => deps.hub.signIn());
  handle(DESKTOP_IPC.sessionSignOut, () => void deps.hub.signOut());
  handle(DESKTOP_IPC.sessionSigningOut, () => void deps.hub.announceSignOut());
  handle(DESKTOP_IPC.sessionSetUser, (_event, user) => {
    if (JSON.stringify(user ?? null).length > MAX_USER_JSON) throw new Error('user too large');
    // loose(): keep fields the server adds later; the renderer owns their meaning.
    deps.hub.setUser(ZMemberInfo.loose().parse(user));
  });
  handle(DESKTOP_IPC.windowsOpenSupplier, (_event, route) => {
    deps.openSupplier(ZSupplierPath.parse(route));
    return true;
  });
  handle(DESKTOP_IPC.windowsReady, (event) => void deps.windowReady(event.sender));
  handle(DESKTOP_IPC.windowsUnsavedChanges, (event, hasUnsavedChanges) => void deps.windowUnsavedChanges(event.sender, hasUnsavedChanges === true));
  handle(DESKTOP_IPC.appInfo, () => deps.appInfo());
  handle(DESKTOP_IPC.updatesRestart, () => void deps.restartForUpdate());
  handle(DESKTOP_IPC.serverGet, () => deps.server.get());
  handle(DESKTOP_IPC.serverTest, (_event, apiUrl) => deps.server.test(ZServerUrlInput.parse(apiUrl)));
  handle(DESKTOP_IPC.serverSave, (_event, apiUrl) => deps.server.save(ZServerUrlInput.parse(apiUrl)));
  handle(DESKTOP_IPC.notificationsGetSettings, () => deps.notificationSettings.get());
  handle(DESKTOP_IPC.notificationsSaveSettings, (_event, input) => deps.notificationSettings.save(input));
}
