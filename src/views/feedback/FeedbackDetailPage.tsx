import {
  Callout,
  Card,
  FormGroup,
  H5,
  Icon,
  Intent,
  Tag,
  TextArea,
  type TextAreaProps,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { Fragment, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FeedbackDto } from '@/contract/feedback';
import { MAX_FEEDBACK_MESSAGE_LENGTH, MAX_FEEDBACK_NOTE_LENGTH } from '@/machines/lifecycles/feedbackMachine';
import { allowedHere } from '@/machines/screens/detailScreenMachine';
import {
  conversationOf,
  excerpt,
  feedbackAboutLink,
  feedbackDetail,
  feedbackScreen,
  orderLinkOf,
  senderLinkOf,
  supplierLinkOf,
  type ConversationItem,
} from '@/machines/screens/feedbackScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ConflictDialog,
  DetailBody,
  DetailCommandDialog,
  DetailErrors,
  LifecycleActions,
  SaveButton,
  useDetailScreen,
  useField,
  namesRecord,
  useIdParam,
  type DetailActor,
} from '@/views/kit/detailScreen';
import './feedback.css';
import { BackButton } from '@/views/kit/BackButton';
import { CharCount } from '@/views/kit/CountedHelper';
import { useAtMinute } from '@/views/common/when';

const STATE_INTENT = { pending: Intent.WARNING, replied: Intent.PRIMARY, resolved: Intent.SUCCESS } as const;
const REPLY_ID = 'feedback-reply';

/**
 * /feedback/feedbackdetail?id=…: one piece of feedback as a conversation (the sender's messages on one side,
 * staff replies on the other, resolutions with their notes, reopenings), its images, who sent it and what it is
 * about, a reply box (Ctrl/Cmd+Enter sends) and the resolution, each offered as the policy and the lifecycle allow.
 */
export default function FeedbackDetailPage() {
  const id = useIdParam();
  return <FeedbackDetail key={id ?? 'none'} id={id} />;
}

function FeedbackDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const actor = useDetailScreen(feedbackDetail, { id, entity: feedbackScreen });
  const feedback = useSelector(actor, (s) => s.context.record as FeedbackDto | null);
  const reply = useRef<HTMLTextAreaElement>(null);
  return (
    <PageFrame
      title={namesRecord(id) ? t('feedback.title.detail', { id }) : t('menu.feedback.detail')}
      actions={<BackButton to="/feedback/feedbacklist">{t('feedback.action.back')}</BackButton>}
    >
      {id === null ? (
        <Callout intent={Intent.WARNING}>{t('feedback.detail.noId')}</Callout>
      ) : (
        <DetailBody actor={actor}>
          {feedback && (
            <div className="kit-detail feedback-detail">
              <div className="feedback-main">
                <Conversation actor={actor} feedback={feedback} />
                <Composer actor={actor} feedback={feedback} inputRef={reply} />
                <DetailErrors actor={actor} />
              </div>
              <div className="kit-side">
                <StatusPanel actor={actor} feedback={feedback} onReply={() => reply.current?.focus()} />
                <AboutPanel feedback={feedback} />
              </div>
            </div>
          )}
        </DetailBody>
      )}
      <DetailCommandDialog
        actor={actor}
        dialogs={(type) =>
          type === 'feedback.resolve'
            ? {
                title: t('feedback.resolve.title', {
                  id,
                  content: feedback ? excerpt(feedback.content, 40) : '',
                }),
                label: t('feedback.resolve.note', { max: MAX_FEEDBACK_NOTE_LENGTH }),
                confirm: t('feedback.action.resolve'),
                intent: Intent.SUCCESS,
                multiline: true,
                maxLength: MAX_FEEDBACK_NOTE_LENGTH,
              }
            : undefined
        }
      />
      <ConflictDialog
        actor={actor}
        describe={(entry) => ({
          title: t(`workplace.event.${entry.type}`, { defaultValue: t('workplace.event.changed') }),
        })}
      />
    </PageFrame>
  );
}

/** The conversation, oldest first: the sender on the left, staff on the right, resolutions in the middle. */
function Conversation({ actor, feedback }: { actor: DetailActor; feedback: FeedbackDto }) {
  const { t } = useTranslation();
  const history = useSelector(actor, (s) => s.context.history);
  const items = conversationOf(history);
  const when = useAtMinute();
  const sender = `${feedback.from_name} · ${t(`feedback.from.${feedback.from_kind}`)}`;
  const authorOf = (item: ConversationItem) =>
    item.kind === 'message' && item.side === 'sender'
      ? sender
      : (item.author ?? t('feedback.conversation.staff'));
  return (
    <Card className="feedback-conversation">
      <H5>{t('feedback.section.conversation')}</H5>
      <ol className="feedback-thread" data-testid="feedback-conversation">
        {items.map((item) =>
          item.kind === 'message' ? (
            <Fragment key={item.version}>
              {item.reopens && (
                <li className="feedback-event" data-event="reopened">
                  <Icon icon="undo" size={12} /> {t('feedback.conversation.reopened')}
                </li>
              )}
              <li
                className={`feedback-message feedback-message-${item.side}`}
                data-side={item.side}
                data-version={item.version}
              >
                <div className="feedback-bubble">
                  <div className="feedback-bubble-head">
                    <strong>{authorOf(item)}</strong>
                    <span className="kit-muted">
                      {item.side === 'staff' && `${t('feedback.conversation.staffRole')} · `}
                      {when(item.at)}
                    </span>
                  </div>
                  <div className="feedback-text">{item.text}</div>
                  {item.images.length > 0 && (
                    <div className="feedback-images" data-testid="feedback-images">
                      {item.images.map((url, i) => (
                        <a key={`${url}-${i}`} href={url} target="_blank" rel="noopener noreferrer">
                          <img
                            src={url}
                            alt={t('feedback.conversation.image', { n: i + 1 })}
                            loading="lazy"
                          />
                        </a>
                      ))}
                    </div>
                  )}
                </div>
              </li>
            </Fragment>
          ) : (
            <li key={item.version} className="feedback-event feedback-resolution" data-event="resolved">
              <div>
                <Icon icon="tick-circle" intent={Intent.SUCCESS} size={14} />{' '}
                {t('feedback.conversation.resolved', { name: authorOf(item) })}
                <span className="kit-muted"> · {when(item.at)}</span>
              </div>
              {item.note && <div className="feedback-note">{item.note}</div>}
            </li>
          ),
        )}
      </ol>
    </Card>
  );
}

/** The reply box while a reply is possible (Ctrl/Cmd+Enter sends); otherwise why not. */
function Composer({
  actor,
  feedback,
  inputRef,
}: {
  actor: DetailActor;
  feedback: FeedbackDto;
  inputRef: TextAreaProps['inputRef'];
}) {
  const { t } = useTranslation();
  const { group, input } = useField(actor, 'message', 'feedback.reply.label');
  const verdict = useSelector(actor, (s) => allowedHere(s, 'feedback.reply'));
  if (!verdict.ok) {
    return (
      <Callout icon="lock" className="feedback-closed" data-testid="feedback-reply-closed">
        {t(verdict.reasonKey, verdict.values)}
      </Callout>
    );
  }
  const send = () => actor.send({ type: 'form.save' });
  return (
    <Card className="feedback-composer">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <FormGroup {...group} labelFor={REPLY_ID}>
          <TextArea
            {...input}
            id={REPLY_ID}
            inputRef={inputRef}
            fill
            autoResize
            rows={3}
            placeholder={t('feedback.reply.placeholder', { name: feedback.from_name })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                send();
              }
            }}
          />
        </FormGroup>
        <div className="feedback-composer-bar">
          <span className="kit-muted">{t('feedback.reply.hint')}</span>
          <CharCount value={input.value} max={MAX_FEEDBACK_MESSAGE_LENGTH} />
          <SaveButton actor={actor} label={t('feedback.action.send')} />
        </div>
      </form>
    </Card>
  );
}

/** Where the feedback stands, its resolution note, and what staff may do now (with the lifecycle panel). */
function StatusPanel({
  actor,
  feedback,
  onReply,
}: {
  actor: DetailActor;
  feedback: FeedbackDto;
  onReply: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="feedback-status">
      <H5>{t('feedback.section.status')}</H5>
      <div className="kit-actions">
        <Tag large intent={STATE_INTENT[feedback.state]} data-testid="feedback-state">
          {t(`feedback.state.${feedback.state}`)}
        </Tag>
        <Tag large minimal>
          {t(`feedback.kind.${feedback.kind}`)}
        </Tag>
        <Tag large minimal data-testid="feedback-message-count">
          {t('feedback.messages', { count: feedback.message_count })}
        </Tag>
      </div>
      {feedback.resolution_note && (
        <Callout
          intent={Intent.SUCCESS}
          title={t('feedback.field.note')}
          className="feedback-note-callout"
          data-testid="feedback-resolution-note"
        >
          {feedback.resolution_note}
        </Callout>
      )}
      <LifecycleActions
        actor={actor}
        actions={[
          {
            type: 'feedback.reply',
            label: t('feedback.action.reply'),
            intent: Intent.PRIMARY,
            onClick: onReply,
          },
          {
            type: 'feedback.resolve',
            label: t('feedback.action.resolve'),
            intent: Intent.SUCCESS,
            ask: 'note',
            command: { note: '' },
          },
        ]}
      />
    </Card>
  );
}

/** Who sent it and how to reach them, the order and the supplier it is about, when. */
function AboutPanel({ feedback }: { feedback: FeedbackDto }) {
  const { t } = useTranslation();
  const when = useAtMinute();
  const facts: Array<[string, ReactNode, string]> = [
    [
      t('feedback.field.from'),
      <span>
        <Link to={senderLinkOf(feedback)}>{feedback.from_name}</Link>
        <span className="kit-muted"> · {t(`feedback.from.${feedback.from_kind}`)}</span>
      </span>,
      'feedback-from',
    ],
    [
      t('feedback.field.contact'),
      feedback.contact || <span className="kit-muted">{t('feedback.contact.none')}</span>,
      'feedback-contact',
    ],
    [
      t('feedback.field.order'),
      feedback.order ? (
        <>
          <Link to={orderLinkOf(feedback.order)}>{feedback.order.orderNo}</Link>
          <Link className="feedback-about-link" to={feedbackAboutLink('order_id', feedback.order.id)}>
            {t('feedback.about.order')}
          </Link>
        </>
      ) : (
        <span className="kit-muted">{t('feedback.order.none')}</span>
      ),
      'feedback-order',
    ],
    [
      t('feedback.field.supplier'),
      feedback.supplier ? (
        <>
          <Link to={supplierLinkOf(feedback.supplier)}>{feedback.supplier.name}</Link>
          <Link className="feedback-about-link" to={feedbackAboutLink('supplier_id', feedback.supplier.id)}>
            {t('feedback.about.supplier')}
          </Link>
        </>
      ) : (
        <span className="kit-muted">{t('feedback.supplier.none')}</span>
      ),
      'feedback-supplier',
    ],
    [t('feedback.field.submitted'), when(feedback.created_at), 'feedback-submitted'],
    [t('feedback.field.updated'), when(feedback.updated_at), 'feedback-updated'],
  ];
  return (
    <Card className="feedback-about">
      <H5>{t('feedback.section.about')}</H5>
      <dl className="feedback-facts">
        {facts.map(([name, value, testId]) => (
          <div key={testId}>
            <dt className="kit-muted">{name}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
