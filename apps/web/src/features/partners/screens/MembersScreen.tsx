import { useState } from 'react';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import { fetchMembers } from '../api.ts';
import { collectPages, toCsv } from '../calc/csv.ts';
import { CsvButton } from '../components/CsvButton.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { Panel, ScreenHead, TABLE_SCROLL } from '../components/Panel.tsx';
import { useMembers } from '../queries.ts';
import type { ManagerMember } from '@tickline/protocol';
import styles from '../partners.module.css';

/** /affiliates/members (seed 001 §2.3): the downline members, searched on the server, paged, exportable. */
export function MembersScreen() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const members = useMembers(page, search);

  const onSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  const columns: Column<ManagerMember>[] = [
    { header: t('partners.members.no'), cell: (row) => <span className={styles.mono}>{row.no}</span> },
    { header: t('partners.members.name'), cell: (row) => row.name },
    { header: t('partners.members.email'), cell: (row) => row.email },
    {
      header: t('partners.members.referralCode'),
      cell: (row) => <span className={styles.mono}>{row.referralCode}</span>,
    },
    { header: t('partners.members.bsc'), className: 'num', cell: (row) => formatMoney(row.bsc) },
    { header: t('partners.members.usdtm'), className: 'num', cell: (row) => formatMoney(row.usdtm) },
    { header: t('partners.members.usdt'), className: 'num', cell: (row) => formatMoney(row.usdt) },
    { header: t('partners.members.insertDate'), cell: (row) => formatDateTime(row.insertDate) },
    { header: t('partners.members.updateDate'), cell: (row) => formatDateTime(row.updateDate) },
  ];

  // Every page of the current search, with the figures exactly as the server sent them.
  const buildCsv = async () => {
    const rows = await collectPages(async (number) => {
      const answer = await fetchMembers(number, search);
      return { rows: answer.members, hasNext: answer.pagination.existNextPage };
    });
    return toCsv(
      ['no', 'name', 'email', 'referralCode', 'bsc', 'usdtm', 'usdt', 'insertDate', 'updateDate'],
      rows.map((row) => [
        row.no,
        row.name,
        row.email,
        row.referralCode,
        String(row.bsc),
        String(row.usdtm),
        String(row.usdt),
        row.insertDate,
        row.updateDate,
      ]),
    );
  };

  return (
    <div className={styles.screen} data-testid="partners-members">
      <ScreenHead title={t('screen.affiliatesMembers')} />
      <Panel
        actions={
          <div className={styles.toolbar}>
            <CsvButton fileName="members.csv" build={buildCsv} testId="members-csv" />
          </div>
        }
        title={
          <SearchForm
            label={t('partners.members.search')}
            button={t('partners.members.searchButton')}
            onSearch={onSearch}
            testId="members-search"
          />
        }
      >
        <DataTable
          columns={columns}
          rows={members.data?.members ?? []}
          rowKey="no"
          wrapperClassName={TABLE_SCROLL}
          testId="members-table"
          pending={members.isPending}
          skeletonRows={8}
          emptyMessage={t('partners.members.empty')}
        />
        <Pagination
          info={members.data?.pagination}
          hideSinglePage
          onPage={setPage}
          labels={{ previous: t('partners.previous'), next: t('partners.next') }}
          testId="members-pages"
        />
      </Panel>
    </div>
  );
}
