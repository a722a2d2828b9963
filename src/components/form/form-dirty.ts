// What the form mechanism (use-schema-form.ts) and the unsaved-changes guard share, apart from the
// hook itself: the guard and every modal sit on each page's first load, the hook only where a form is.
import { createContext } from 'react';

/**
 * The unsaved-changes guard listens here: each form (`form`, its own key) says whether its values
 * differ from the ones it started from (or was last saved with) after every change, and `null` when
 * it leaves the page. The page holds edits while any of its forms does. Modals provide null: a
 * modal's quick form is not an edit of the page.
 */
export type TReportDirty = (form: object, isDirty: boolean | null) => void;
export const FormDirtyContext = createContext<TReportDirty | null>(null);
/** Marks a control bound by `field()`: its input events are the form's to report, not a plain page edit. */
export const FORM_FIELD_ATTRIBUTE = 'data-schema-field';
