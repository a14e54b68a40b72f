/** Mini-programs cannot fetch code later: the appeal dialog is in the order page's package. */
export { AppealDialog as AppealDialogOnDemand } from './AppealDialog';
