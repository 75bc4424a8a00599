export { ImportButton, ImportDialog, type ImportApi } from './import-dialog';
