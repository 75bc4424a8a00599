import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { CrudContext } from './crud';
import { ExportButton } from './export-button';
import { ImportButton, type ImportApi } from './import';

/** The import half of the toolbar (spec §7 importExcel, template, progress, problems). */
export interface ToolbarImport {
  /** The permission key the import button needs (PERMISSIONS.<area>.import). */
  permission: string;
  /** The entity's name in the dialog's title ('导入{name}'). */
  name: string;
  /** Where the import goes; null disables the button with `disabledTitle` as the reason. */
  api: ImportApi | null;
  disabledTitle?: string;
  /** Shown in the dialog above the upload (e.g. a data source field or a hint). */
  extra?: ReactNode;
  /** Form fields sent with the file (e.g. the data source typed in `extra`). */
  extraFields?: () => Record<string, string>;
}

/** The export half of the toolbar (spec §7 export: the xlsx of the list's current filters). */
export interface ToolbarExport<Q> {
  /** The permission key the export button needs (PERMISSIONS.<area>.export). */
  permission: string;
  /** The area's single-use link to the xlsx of these filters. */
  link: (filters: Q) => Promise<{ url: string }>;
  /** The button's test id, e.g. 'enroll-export'. */
  testId: string;
}

/**
 * The import/export buttons of a list's toolbar (spec §7 "import", "export"), each shown only to
 * holders of its permission: the import button opens the one import dialog (reloading the list once
 * the rows are in), the export button downloads the list's current filters. Either half may be left
 * out. Renders nothing when the user holds neither permission.
 */
export function ImportExportToolbar<T, Q = Record<string, unknown>>(props: {
  ctx: CrudContext<T>;
  importer?: ToolbarImport;
  exporter?: ToolbarExport<Q>;
}) {
  const { ctx, importer, exporter } = props;
  const canImport = !!importer && ctx.can(importer.permission);
  const canExport = !!exporter && ctx.can(exporter.permission);
  if (!canImport && !canExport) return null;
  return (
    <Space size={8}>
      {canImport && (
        <ImportButton
          name={importer.name}
          api={importer.api}
          disabledTitle={importer.disabledTitle}
          extra={importer.extra}
          extraFields={importer.extraFields}
          onDone={ctx.reload}
        />
      )}
      {canExport && (
        <ExportButton ctx={ctx} link={(filters) => exporter.link(filters as Q)} testId={exporter.testId} />
      )}
    </Space>
  );
}
