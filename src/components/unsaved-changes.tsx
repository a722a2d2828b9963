// Unsaved changes in forms (the back office and the public layout's forms): once the user edits a form, leaving the
// page (a link, a redirect after another action, a route the desktop shell sends to this window)
// asks first; closing or reloading the window asks through `beforeunload` (the desktop's main
// turns that into a dialog, and asks before an update restart closes the window). A successful save request (the form's submit, a 保存草稿 button) or a
// new page clears the mark; a submit the server refuses keeps it. Search boxes
// (role="search" or a *search* class), forms marked data-unsaved-guard="off" (a pager's 跳转, a
// price filter, the 核验码 box) and modals' quick forms are not edits of the page. A form on the
// form mechanism (useSchemaForm) also says when its values are back to where they started: then
// leaving asks nothing.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useLocation } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { onSaved } from '@/platform/http';
import { getPlatform } from '@/platform/platform';
import { FORM_FIELD_ATTRIBUTE, FormDirtyContext, type TReportDirty } from './form/form-dirty';

export const UNSAVED_CHANGES_MESSAGE = '当前页面有未保存的修改，确定要离开吗？';

/** A form that can keep a draft offers it when the user leaves: `save` resolves true once the draft is saved. */
export type TLeaveDraft = { label: string; save: () => Promise<boolean> };
const LeaveDraftContext = createContext<((draft: TLeaveDraft | null) => void) | null>(null);

/** Offers `draft` (e.g. 保存草稿并离开) in the leave dialog while the calling form is on the page. */
export function useLeaveDraft(draft: TLeaveDraft | null) {
  const register = useContext(LeaveDraftContext);
  const latest = useRef(draft);
  latest.current = draft;
  const label = draft?.label ?? null;
  useEffect(() => {
    if (!register || label === null) return;
    register({ label, save: () => latest.current?.save() ?? Promise.resolve(false) });
    return () => register(null);
  }, [register, label]);
}

export { LEAVE_WITHOUT_ASKING } from './leave-without-asking';
const leavesWithoutAsking = (state: unknown) => (state as { leaveWithoutAsking?: unknown } | null)?.leaveWithoutAsking === true;

function isPageEdit(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[data-unsaved-guard="off"], [role="dialog"]')) return false;
  const form = target.closest('form');
  if (form) return form.getAttribute('role') !== 'search' && !/search/i.test(form.className);
  return target.closest('[contenteditable="true"]') !== null;
}

/**
 * Wraps the back-office page; `children` is the page. The page holds edits while any of its forms
 * on the form mechanism says so, or a plain control outside them was edited: one form back to its
 * start clears its own mark, not another's.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirtyState] = useState(false);
  // The blocker reads the ref: a save followed at once by navigate() must not wait for a render.
  const dirtyRef = useRef(false);
  const forms = useRef(new Map<object, boolean>());
  const plainEdit = useRef(false);
  const update = useCallback(() => {
    const next = plainEdit.current || [...forms.current.values()].some(Boolean);
    dirtyRef.current = next;
    setDirtyState(next);
  }, []);
  /** Everything clean (a save, a new page, 离开) or a plain edit. */
  const setDirty = useCallback(
    (next: boolean) => {
      plainEdit.current = next;
      if (!next) for (const key of forms.current.keys()) forms.current.set(key, false);
      update();
    },
    [update],
  );
  const reportForm = useCallback<TReportDirty>(
    (form, isDirty) => {
      if (isDirty === null) forms.current.delete(form);
      else forms.current.set(form, isDirty);
      update();
    },
    [update],
  );
  const location = useLocation();
  const page = useRef(location.pathname);

  // A different page starts clean (the form that was edited is gone).
  useEffect(() => {
    if (page.current === location.pathname) return;
    page.current = location.pathname;
    setDirty(false);
  }, [location.pathname, setDirty]);

  useEffect(() => onSaved(() => setDirty(false)), [setDirty]);

  // A control of a form on the form mechanism reports through that form (reportForm).
  const onEdit = useCallback(
    (e: React.SyntheticEvent) => {
      if (isPageEdit(e.target) && !(e.target as Element).closest(`[${FORM_FIELD_ATTRIBUTE}]`)) setDirty(true);
    },
    [setDirty],
  );

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string; state: unknown } }) =>
        dirtyRef.current && !leavesWithoutAsking(nextLocation.state) && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
      [],
    ),
  );

  // The desktop's update restart asks this window first while it holds edits (restart-guard.ts).
  useEffect(() => {
    if (!dirty) return;
    const windows = getPlatform().windows;
    windows.setUnsavedChanges?.(true);
    return () => windows.setUnsavedChanges?.(false);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const [draft, setDraft] = useState<TLeaveDraft | null>(null);
  const [savingDraft, setSavingDraft] = useState(false);
  const stay = () => blocker.state === 'blocked' && blocker.reset();
  const leave = () => {
    if (blocker.state !== 'blocked') return;
    setDirty(false);
    blocker.proceed();
  };
  // The draft saved, then on to where the user was going; a draft the server refuses keeps the page (its messages show).
  const saveDraftAndLeave = async () => {
    if (!draft || savingDraft) return;
    setSavingDraft(true);
    try {
      if (await draft.save()) leave();
      else stay();
    } finally {
      setSavingDraft(false);
    }
  };

  return (
    <div onInput={onEdit} onChange={onEdit} data-testid="unsaved-changes-scope" data-dirty={dirty ? 'true' : 'false'}>
      <FormDirtyContext.Provider value={reportForm}>
        <LeaveDraftContext.Provider value={setDraft}>{children}</LeaveDraftContext.Provider>
      </FormDirtyContext.Provider>
      <Modal open={blocker.state === 'blocked'} onClose={stay} title="未保存的修改" width={400} testId="unsaved-changes-dialog">
        <div className="bo-confirm-body">{UNSAVED_CHANGES_MESSAGE}离开后，未保存的内容将会丢失。</div>
        <div className="bo-modal-actions">
          <button type="button" className="btn btn-primary" onClick={stay} data-testid="unsaved-stay">
            留在此页
          </button>
          {draft && (
            <button type="button" className="btn" onClick={() => void saveDraftAndLeave()} disabled={savingDraft} data-testid="unsaved-save-draft">
              {savingDraft ? '保存中...' : draft.label}
            </button>
          )}
          <button type="button" className="btn" onClick={leave} disabled={savingDraft} data-testid="unsaved-leave">
            离开
          </button>
        </div>
      </Modal>
    </div>
  );
}
