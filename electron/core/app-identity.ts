// Who the client is to the operating system.

/**
 * The Windows AppUserModelID: electron-builder.yml's appId, which the NSIS installer gives the
 * Start-menu shortcut. Notifications group under the app and obey its per-app settings (and the
 * taskbar keeps one button) only when the running process says the same ID: main calls
 * app.setAppUserModelId(APP_USER_MODEL_ID) before any window or notification
 * (electron/builder-config.test.ts checks that the two agree).
 */
export const APP_USER_MODEL_ID = 'com.yicaitong.desktop';
