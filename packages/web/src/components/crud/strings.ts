import { stringTable } from '../../i18n';

/**
 * Strings of the shared CRUD component (spec §2 "Tables show an index column titled 序号", §8), registered
 * by the console with its other tables (admin/strings.ts ADMIN_STRINGS).
 */
const zh = {
  'crud.index': '序号',
  'crud.actions': '操作',
  'crud.add': '新增',
  'crud.addChild': '新增下级',
  'crud.view': '查看',
  'crud.edit': '修改',
  'crud.delete': '删除',
  'crud.batchDelete': '批量删除',
  'crud.addTitle': '新增{name}',
  'crud.editTitle': '修改{name}',
  'crud.detailTitle': '{name}详情',
  'crud.deleteConfirm': '是否确认删除当前{name}',
  'crud.deleteManyConfirm': '是否确认删除选中的 {count} 条{name}',
  'crud.selected': '已选择 {count} 项',
  'crud.clearSelection': '取消选择',
  'crud.selectRow': '选择 {name}',
  'crud.total': '共 {total} 条',
  'crud.more': '更多',
  'crud.named': '{name}“{label}”',
  'crud.discardTitle': '放弃修改',
  'crud.discardConfirm': '确认放弃未保存的修改？',
  'crud.discard': '放弃',
  'crud.keepEditing': '继续编辑',
};
const en: Record<keyof typeof zh, string> = {
  'crud.index': 'No.',
  'crud.actions': 'Actions',
  'crud.add': 'Add',
  'crud.addChild': 'Add below',
  'crud.view': 'View',
  'crud.edit': 'Edit',
  'crud.delete': 'Delete',
  'crud.batchDelete': 'Delete selected',
  'crud.addTitle': 'Add {name}',
  'crud.editTitle': 'Edit {name}',
  'crud.detailTitle': '{name} details',
  'crud.deleteConfirm': 'Delete the current {name}?',
  'crud.deleteManyConfirm': 'Delete the {count} selected {name} records?',
  'crud.selected': '{count} selected',
  'crud.clearSelection': 'Clear',
  'crud.selectRow': 'Select {name}',
  'crud.total': '{total} in total',
  'crud.more': 'More',
  'crud.named': '{name} "{label}"',
  'crud.discardTitle': 'Discard changes',
  'crud.discardConfirm': 'Discard the changes you have not saved?',
  'crud.discard': 'Discard',
  'crud.keepEditing': 'Keep editing',
};
export const crudStrings = stringTable(zh, en);
