import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../features/shell/pages/not-found-page';
import { AdminLayout } from './admin-layout';
import { ADMIN_PAGES } from './admin-pages';

/** The staff console under `/admin`: its own layout and sidebar around the pages in ADMIN_PAGES. */
export default function AdminConsole() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        {ADMIN_PAGES.map((page) =>
          page.path === '' ? (
            <Route key="index" index element={page.element} />
          ) : (
            <Route key={page.path} path={`${page.path}/*`} element={page.element} />
          ),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
