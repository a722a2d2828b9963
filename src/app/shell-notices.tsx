// The app shell's banners, loaded after hydration (root-shell.tsx): the desktop's notice that a
// sign-in will not outlive this run, and the offline banner. Both render nothing until they apply.
import { ConnectionNotice } from './connection-notice';
import { SessionPersistenceNotice } from './session-persistence-notice';

export default function ShellNotices() {
  return (
    <>
      <SessionPersistenceNotice />
      <ConnectionNotice />
    </>
  );
}
