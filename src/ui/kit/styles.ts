/*
 * The kit's stylesheets, in one order. Each kit part imports this module rather than its
 * own sheet: the build puts the sheets that several screens use in one shared stylesheet,
 * in the order the screens import them, and screens importing the parts in different
 * orders (a dialog, then a combobox; a combobox, then a dialog) gave it no order that
 * suits them all. The form's sheet comes first: the fields import it alone as well, for
 * the sign-up screen, which has nothing else of the kit.
 */
import './form/form.css';
import './dialog.css';
import './combobox.css';
import './file-drop.css';
import './pager.css';
import './lists.css';
import './bulk/bulk.css';
import './record-editor/records.css';
