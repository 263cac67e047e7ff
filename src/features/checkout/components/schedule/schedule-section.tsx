import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CheckoutFormValues, ScheduleDay, ScheduleSlot } from '@/contract/checkout.ts';
import { formatDayMonth } from '@/lib/format-date.ts';
import { scheduleQuery, useSetSchedule } from '../../api/schedule.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { useShowServerChoices } from '../../lib/show-server-choices.ts';
import './schedule.css';

const SCHEDULE_FAILED = 'Falha ao carregar horários de entrega';
export const NO_SCHEDULE = 'Sem horários de entrega disponíveis';

/** A day's value in the form: its date, or its header when it has none. */
const dayValue = (day: ScheduleDay): string => day.date || day.header || '';

/** 'Segunda-feira 05/01': the header plus dd/mm of the day's date. */
export const dayLabel = (day: ScheduleDay): string =>
  [day.header, day.date ? formatDayMonth(day.date) : ''].filter(Boolean).join(' ');

/** 'Entre 08:00 e 12:00. Se pedir até 06:00'. */
export const slotLabel = (slot: ScheduleSlot): string =>
  `Entre ${slot.startTime ?? ''} e ${slot.endTime ?? ''}. Se pedir até ${slot.scheduleUntil ?? ''}`;

/**
 * Section 5, 'Agendamento' (only with the Schedule step): the day ('Selecione o dia desejado') and
 * then one of its enabled slots; choosing a slot sends the day and time to the server.
 */
export function ScheduleSection({ ctx }: { ctx: CheckoutScreen }) {
  const titleId = useId();
  if (!ctx.sections.schedule) return null;
  return (
    <section className="checkout-section schedule" aria-labelledby={titleId}>
      <h2 id={titleId}>Agendamento</h2>
      <ScheduleChoices />
    </section>
  );
}

function ScheduleChoices() {
  const { control, setValue } = useFormContext<CheckoutFormValues>();
  const selectedDay = useWatch({ control, name: 'selectedDay' });
  const selectedSchedule = useWatch({ control, name: 'selectedSchedule' });
  const schedule = useQuery(scheduleQuery);
  const setSchedule = useSetSchedule();
  const showServerChoices = useShowServerChoices();
  const dayId = useId();
  const slotId = useId();
  const slotErrorId = useId();

  if (schedule.isPending) return <p className="schedule__status">Carregando horários...</p>;
  if (schedule.isError) {
    return (
      <p className="schedule__warning" role="alert">
        {SCHEDULE_FAILED}
      </p>
    );
  }

  // A day whose slots are all closed (a closed weekday, today past its cut-offs) cannot be chosen.
  const days = (schedule.data.times ?? []).filter(
    (day) => dayValue(day) !== '' && (day.options ?? []).some((slot) => slot.enabled && slot.startTime),
  );
  if (days.length === 0) return <p className="schedule__status">{NO_SCHEDULE}</p>;

  const day = days.find((item) => dayValue(item) === selectedDay);
  const slots = (day?.options ?? []).filter((slot) => slot.enabled && slot.startTime);
  const slot = slots.find((item) => item.startTime === selectedSchedule);

  function chooseDay(value: string) {
    setValue('selectedDay', value || undefined, { shouldDirty: true });
    setValue('selectedSchedule', undefined, { shouldDirty: true });
    setSchedule.reset();
  }

  function chooseSlot(startTime: string) {
    const chosen = slots.find((item) => item.startTime === startTime);
    setValue('selectedSchedule', chosen?.startTime, { shouldDirty: true });
    if (!chosen?.startTime || !selectedDay) return;
    setSchedule.mutate(
      {
        day: selectedDay,
        startTime: chosen.startTime,
        ...(chosen.endTime ? { endTime: chosen.endTime } : {}),
      },
      { onError: showServerChoices },
    );
  }

  const slotError = setSchedule.isError ? setSchedule.error.message || SCHEDULE_FAILED : undefined;

  return (
    <div className="schedule__fields">
      <div className="field">
        <label htmlFor={dayId}>Dia da entrega</label>
        <select
          id={dayId}
          className="schedule__select"
          value={day ? dayValue(day) : ''}
          onChange={(event) => chooseDay(event.target.value)}
        >
          <option value="">Selecione o dia desejado</option>
          {days.map((item) => (
            <option key={dayValue(item)} value={dayValue(item)}>
              {dayLabel(item)}
            </option>
          ))}
        </select>
      </div>
      {day &&
        (slots.length === 0 ? (
          <p className="schedule__status">{NO_SCHEDULE}</p>
        ) : (
          <div className="field">
            <label htmlFor={slotId}>Horário da entrega</label>
            <select
              id={slotId}
              className="schedule__select"
              value={slot?.startTime ?? ''}
              disabled={setSchedule.isPending}
              aria-invalid={slotError ? true : undefined}
              aria-describedby={slotError ? slotErrorId : undefined}
              onChange={(event) => chooseSlot(event.target.value)}
            >
              <option value="">Selecione o horário desejado</option>
              {slots.map((item) => (
                <option key={`${item.startTime}-${item.endTime}`} value={item.startTime ?? undefined}>
                  {slotLabel(item)}
                </option>
              ))}
            </select>
            {slotError && (
              <span id={slotErrorId} className="schedule__error" role="alert">
                {slotError}
              </span>
            )}
          </div>
        ))}
    </div>
  );
}
