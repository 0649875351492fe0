import { ExceptionView } from './ExceptionView';

/** The wildcard route: any unknown path (outside the layout, so it works signed out too). */
export default function NotFoundPage() {
  return (
    <div className="standalone-page">
      <ExceptionView status="404" />
    </div>
  );
}
