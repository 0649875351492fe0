import { Navigate, useLocation, useParams } from 'react-router-dom';

/** The redirect helper: /redirect/<path>?<query> lands on /<path>?<query> (used to reload a page in place). */
export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}
