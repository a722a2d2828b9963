// The app shell's banners, loaded after hydration (root-shell.tsx): the desktop's notice that a
// sign-in will not outlive this run, its offer to restart for a downloaded update, and the offline
// banner. Each renders nothing until it applies.
import { ConnectionNotice } from './connection-notice';
import { SessionPersistenceNotice } from './session-persistence-notice';
import { UpdateReadyNotice } from './update-ready-notice';

export default function ShellNotices() {
  return (
    <>
      <SessionPersistenceNotice />
      <UpdateReadyNotice />
      <ConnectionNotice />
    </>
  );
}
