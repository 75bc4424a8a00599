import { stringTable } from '../../i18n';

/** The import dialog of every back-office import (components/import). */
const zh = {
  'admin.import.button': '导入',
  'admin.import.title': '导入{name}',
  'admin.import.template': '下载导入模板',
  'admin.import.hint':
    '请按模板填写后上传 .xlsx 文件（不超过 20M）。有任何一行出错时不会导入任何数据，请按错误列表修改后重新导入。',
  'admin.import.drop': '点击或拖拽 Excel 文件到此处',
  'admin.import.start': '开始导入',
  'admin.import.reading': '已读取 {count} 行',
  'admin.import.done': '导入完成：共 {count} 行',
  'admin.import.rejected': '发现 {count} 处错误，未导入任何数据',
  'admin.import.row': '行号',
  'admin.import.column': '列',
  'admin.import.value': '内容',
  'admin.import.reason': '错误原因',
  'admin.import.again': '重新选择文件',
  'admin.import.close': '关闭',
  'admin.import.fileRequired': '请选择要导入的文件',
};
const en: Record<keyof typeof zh, string> = {
  'admin.import.button': 'Import',
  'admin.import.title': 'Import {name}',
  'admin.import.template': 'Download the template',
  'admin.import.hint':
    'Fill in the template and upload the .xlsx file (at most 20 MB). If any row has an error nothing is imported: fix the rows listed and import again.',
  'admin.import.drop': 'Click or drag an Excel file here',
  'admin.import.start': 'Start import',
  'admin.import.reading': '{count} rows read',
  'admin.import.done': 'Imported: {count} rows',
  'admin.import.rejected': '{count} problems found; nothing was imported',
  'admin.import.row': 'Row',
  'admin.import.column': 'Column',
  'admin.import.value': 'Value',
  'admin.import.reason': 'Problem',
  'admin.import.again': 'Choose another file',
  'admin.import.close': 'Close',
  'admin.import.fileRequired': 'Choose the file to import',
};
export const importStrings = stringTable(zh, en);
