import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import { searchUsers } from './api.ts';
import { UserDetailView } from './UserDetail.tsx';
import { levelLabel, UserFlags } from './userBits.tsx';
import type { Report } from './panels.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { useAdminText } from './useAdminText.ts';
import styles from './admin.module.css';

/** How long typing must pause before the search is sent. */
const SEARCH_DELAY_MS = 300;
/** Where admin.module.css stacks the list and the user's page. */
const STACKED = '(max-width: 1199px)';

/** Users (#16 item 4): search by number, id, name, referral code or deposit address; one user's page beside it. */
export function UsersPanel({ report }: { report: Report }) {
  const t = useAdminText();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const result = useQuery({ queryKey: ['admin', 'users', query, page], queryFn: () => searchUsers(query, page) });
  const open = (userNo: number) => {
    setSelected(userNo);
    // Below 1200 px the page is under the list: bring it into view (beside the list it already is).
    if (window.matchMedia(STACKED).matches)
      requestAnimationFrame(() => detailRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  };
  const rows = result.data?.list ?? [];
  const pagination = result.data?.pagination;
  const pageLabels = { previous: t('admin.pager.previous'), next: t('admin.pager.next') };

  return (
    <div className={styles.split} data-testid="users-panel">
      <section className={styles.listPane}>
        <input
          className={styles.search}
          type="search"
          placeholder={t('admin.users.search')}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          data-testid="user-search"
        />
        <div className="table-scroll">
          <table className={`table ${styles.table} ${styles.dense}`}>
            <thead>
              <tr>
                <th>{t('admin.col.no')}</th>
                <th>{t('admin.col.user')}</th>
                <th>{t('admin.users.level')}</th>
                <th>{t('admin.users.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr
                  key={user.userNo}
                  className={user.userNo === selected ? styles.selectedRow : styles.clickRow}
                  onClick={() => open(user.userNo)}
                  data-testid="user-row"
                  data-user={user.userid}
                >
                  <td>{user.userNo}</td>
                  <td>
                    {/* Keyboard access; the click reaches the row. */}
                    <button type="button" className={styles.linkButton}>
                      {user.userid}
                    </button>
                    <div className={styles.muted}>
                      {user.name} · {formatDateTime(user.insertDate)}
                    </div>
                  </td>
                  <td>{levelLabel(user.level, t)}</td>
                  <td className={styles.wrap}>
                    <UserFlags user={user} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && !result.isPending ? <p className={styles.empty}>{t('admin.users.noMatch')}</p> : null}
        </div>
        <Pagination info={pagination} hideSinglePage onPage={setPage} labels={pageLabels} testId="admin-pages" />
      </section>
      <section className={styles.detailPane} ref={detailRef}>
        {selected === null ? (
          <p className={styles.empty}>{t('admin.users.choose')}</p>
        ) : (
          <UserDetailView userNo={selected} report={report} />
        )}
      </section>
    </div>
  );
}
