// The preload: one CommonJS bundle (sandboxed preloads cannot load ESM or npm modules) that
// exposes a small named API on window.desktop. No raw ipcRenderer; callbacks get data, never the event.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { DESKTOP_IPC, type TDesktopBridge, type TDesktopSessionEvent, type TUpdateReady } from '../../contracts/desktop.js';
import type { TLiveEvent } from '../../contracts/live.js';

function subscribe<T>(channel: string, listener: (payload: T) => void): () => void {
  if (typeof listener !== 'function') throw new TypeError('listener must be a function');
  const wrapped = (_event: IpcRendererEvent, payload: T) => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => void ipcRenderer.removeListener(channel, wrapped);
}

const bridge: TDesktopBridge = {
  session: {
    get: () => ipcRenderer.invoke(DESKTOP_IPC.sessionGet),
    signIn: () => ipcRenderer.invoke(DESKTOP_IPC.sessionSignIn),
    signOut: () => ipcRenderer.invoke(DESKTOP_IPC.sessionSignOut),
    announceSignOut: () => ipcRenderer.invoke(DESKTOP_IPC.sessionSigningOut),
    setUser: (user) => ipcRenderer.invoke(DESKTOP_IPC.sessionSetUser, user),
    onChange: (listener) => subscribe<TDesktopSessionEvent>(DESKTOP_IPC.sessionChanged, listener),
  },
  windows: {
    openSupplier: (path) => ipcRenderer.invoke(DESKTOP_IPC.windowsOpenSupplier, String(path)),
    onNavigate: (listener) => subscribe<string>(DESKTOP_IPC.windowsNavigate, listener),
    ready: () => ipcRenderer.invoke(DESKTOP_IPC.windowsReady),
    setUnsavedChanges: (hasUnsavedChanges) => ipcRenderer.invoke(DESKTOP_IPC.windowsUnsavedChanges, hasUnsavedChanges === true),
  },
  server: {
    get: () => ipcRenderer.invoke(DESKTOP_IPC.serverGet),
    test: (apiUrl) => ipcRenderer.invoke(DESKTOP_IPC.serverTest, String(apiUrl)),
    save: (apiUrl) => ipcRenderer.invoke(DESKTOP_IPC.serverSave, String(apiUrl)),
  },
  app: {
    info: () => ipcRenderer.invoke(DESKTOP_IPC.appInfo),
  },
  updates: {
    onReady: (listener) => subscribe<TUpdateReady>(DESKTOP_IPC.updatesReady, listener),
    restart: () => ipcRenderer.invoke(DESKTOP_IPC.updatesRestart),
  },
  notifications: {
    onEvent: (listener) => subscribe<TLiveEvent>(DESKTOP_IPC.notificationsEvent, listener),
    getSettings: () => ipcRenderer.invoke(DESKTOP_IPC.notificationsGetSettings),
    // Plain data only: the three fields, whatever the caller passed.
    saveSettings: (s) => ipcRenderer.invoke(DESKTOP_IPC.notificationsSaveSettings, { enabled: s?.enabled === true, quietHours: String(s?.quietHours ?? ''), keepInTray: s?.keepInTray === true }),
  },
};

contextBridge.exposeInMainWorld('desktop', bridge);
