import { Spinner } from '@/views/kit/Spinner';
import { useSelector } from '@xstate/react';
import { PROGRESS, selectProgress } from '@/machines/app/routeGuardMachine';
import { useAppActors } from './actors';

/** The navigation progress bar (SPEC §9): a thin bar at the top with a spinner, driven by the route guard. */
export function ProgressBar() {
  const { routeGuard } = useAppActors();
  const { visible, value, spinner } = useSelector(routeGuard, selectProgress);
  if (!visible) return null;
  return (
    <div
      className="nav-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={1}
      aria-valuenow={value}
    >
      <div
        className="nav-progress-bar"
        style={{
          transform: `translateX(${(value - 1) * 100}%)`,
          transition: `transform ${PROGRESS.speed}ms ease`,
        }}
      />
      {spinner && (
        <div className="nav-progress-spinner">
          <Spinner size={16} />
        </div>
      )}
    </div>
  );
}
