import { FormGroup, Intent, Switch } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { allowedHere } from '@/machines/screens/detailScreenMachine';
import { serviceCityDetail, serviceCityScreen } from '@/machines/screens/serviceCityScreens';
import { NumberInput } from '@/views/common/NumberInput';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ConflictDialog,
  DetailBody,
  DetailCommandDialog,
  DetailErrors,
  HistoryTimeline,
  LifecycleActions,
  SaveButton,
  TextField,
  useDetailScreen,
  useIdParam,
  useField,
  type DetailActor,
} from '@/views/kit/detailScreen';
import { ReadOnlyNotice, useCityDialogs } from './SystemShared';
import { BackButton } from '@/views/kit/BackButton';
import { MAX_CITY_NAME_LENGTH } from '@/machines/lifecycles/serviceCityMachine';

/** /system/update-service-city (hidden): add a city, or edit one with `?id=`; declared on the view kit. */
export default function UpdateServiceCityPage() {
  const id = useIdParam();
  return <CityForm key={id ?? 'new'} id={id} />;
}

function CityForm({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onCreated = useCallback(
    (created: number) => navigate(`/system/update-service-city?id=${created}`, { replace: true }),
    [navigate],
  );
  const onRemoved = useCallback(() => navigate('/system/service-city', { replace: true }), [navigate]);
  const actor = useDetailScreen(serviceCityDetail, { id, entity: serviceCityScreen, onCreated, onRemoved });
  // A dialog names the city as it is (a rename in the same save may yet be refused).
  const name = useSelector(actor, (s) => (s.context.record as { name?: string } | null)?.name ?? '');
  const describe = useDescribe();
  const cityDialogs = useCityDialogs();
  const isNew = useSelector(actor, (s) => s.context.id === null);
  // Changing a city is platform settings work: the policy table says who may (a ranking is any city's to change,
  // so its verdict is the policy's alone). What the rules allow beyond that is said field by field.
  const mayEdit = useSelector(
    actor,
    (s) => allowedHere(s, isNew ? 'serviceCity.create' : 'serviceCity.rank').ok,
  );
  const role = useSelector(actor, (s) => s.context.role);
  return (
    <PageFrame
      title={t(
        isNew ? 'system.city.title.create' : mayEdit ? 'system.city.title.edit' : 'system.city.title.view',
      )}
      actions={<BackButton to="/system/service-city">{t('system.city.back')}</BackButton>}
    >
      <div className="system-page system-narrow">
        {!mayEdit && <ReadOnlyNotice role={role} />}
        <DetailBody actor={actor}>
          <Fields actor={actor} readOnly={!mayEdit} />
          {!isNew && (
            <>
              <LifecycleActions
                actor={actor}
                actions={[
                  {
                    type: 'serviceCity.delete',
                    label: t('system.city.action.delete'),
                    intent: Intent.DANGER,
                    ask: '',
                  },
                ]}
              />
              <HistoryTimeline actor={actor} describe={describe} title={t('system.city.history')} />
            </>
          )}
        </DetailBody>
        <DetailCommandDialog actor={actor} dialogs={(type) => cityDialogs(type, name)} />
        <ConflictDialog actor={actor} describe={describe} />
      </div>
    </PageFrame>
  );
}

function Fields({ actor, readOnly }: { actor: DetailActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const ranking = useField(actor, 'ranking', 'system.city.field.ranking');
  const enabled = useSelector(actor, (s) => s.context.form.is_enabled === true);
  // A city with suppliers in it keeps its name (but for case and spacing): said under the name, which stays open.
  const rename = useSelector(actor, (s) =>
    s.context.id === null ? null : allowedHere(s, 'serviceCity.rename'),
  );
  const renameNote =
    readOnly || !rename || rename.ok
      ? undefined
      : rename.reasonKey === 'system.city.reason.inUseRename'
        ? t('system.city.renameNote', rename.values)
        : t(rename.reasonKey, rename.values);
  return (
    <form
      className="kit-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.save' });
      }}
    >
      <fieldset disabled={readOnly} className="kit-fieldset">
        <TextField
          actor={actor}
          field="name"
          label="system.city.field.name"
          inputId="city-name"
          note={renameNote}
          maxLength={MAX_CITY_NAME_LENGTH}
        />
        <FormGroup {...ranking.group} labelFor="city-ranking">
          <NumberInput
            id="city-ranking"
            value={ranking.input.value}
            min={0}
            intent={ranking.input.intent}
            onValueChange={(_n, text) => actor.send({ type: 'field.change', field: 'ranking', value: text })}
          />
        </FormGroup>
        <Switch
          checked={enabled}
          label={t('system.city.field.enabled')}
          onChange={(e) =>
            actor.send({ type: 'field.change', field: 'is_enabled', value: e.currentTarget.checked })
          }
        />
      </fieldset>
      <DetailErrors actor={actor} />
      {!readOnly && (
        <div className="kit-actions">
          <SaveButton actor={actor} label={t('system.common.save')} />
        </div>
      )}
    </form>
  );
}

function useDescribe() {
  const { t } = useTranslation();
  return (entry: { type: string; data: Record<string, unknown> }) => ({
    title: t(`system.city.event.${entry.type}`, { ...entry.data, defaultValue: entry.type }),
  });
}
