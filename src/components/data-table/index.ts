// One way to build a back-office list: the table and the list-page pattern around it.
export { DataTable, type TListColumn, type TDataTableProps, type TTableSelection } from './data-table';
export { BulkBar, FilterBar, FilterSelect, ListBody, ListPage, ListState, ListTabs, SearchBox, Segmented, useRowSelection, type TListTab, type TListQuery, type TListVariant, type TPage } from './list-page';
export { useListParams } from './use-list-params';
