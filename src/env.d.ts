declare const __BUILD_ID__: string;
declare const __APP_MODE__: string;
