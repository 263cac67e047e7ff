import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../delivery-method/section-test-kit.tsx';
import { ScheduleSection } from './schedule-section.tsx';

const times = [
  {
    header: 'Segunda-feira',
    date: '2030-01-07',
    options: [
      { startTime: '08:00', endTime: '12:00', scheduleUntil: '06:00', enabled: false },
      { startTime: '14:00', endTime: '18:00', scheduleUntil: '12:00', enabled: true },
      { startTime: '18:00', endTime: '21:00', scheduleUntil: '16:00', enabled: true },
    ],
  },
  {
    header: 'Terça-feira',
    date: '2030-01-08',
    options: [{ startTime: '08:00', endTime: '12:00', scheduleUntil: '06:00', enabled: false }],
  },
];

const withSchedule = { sections: { schedule: true } };

describe('ScheduleSection', () => {
  it('renders nothing without the Schedule step', () => {
    const { container } = renderSection((ctx) => <ScheduleSection ctx={ctx} />);
    expect(container.querySelector('section')).toBeNull();
  });

  it("offers the days as 'header dd/mm' and only the enabled slots as 'Entre X e Y. Se pedir até Z'", async () => {
    const choices: unknown[] = [];
    server.use(
      http.get('/api/order/schedule', () => envelope({ times })),
      http.post('/api/order/schedule', async ({ request }) => {
        choices.push(await request.json());
        return envelope({ times });
      }),
      http.get('/api/order/current', () => envelope(orderFixture())),
    );
    const { form } = renderSection((ctx) => <ScheduleSection ctx={ctx} />, withSchedule);
    expect(screen.getByRole('heading', { name: 'Agendamento' })).toBeInTheDocument();
    const day = await screen.findByRole('combobox', { name: 'Dia da entrega' });
    expect(
      within(day)
        .getAllByRole('option')
        .map((o) => o.textContent),
      // Tuesday has no open slot: it is not offered.
    ).toEqual(['Selecione o dia desejado', 'Segunda-feira 07/01']);
    await userEvent.selectOptions(day, 'Segunda-feira 07/01');
    const slot = screen.getByRole('combobox', { name: 'Horário da entrega' });
    expect(
      within(slot)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Selecione o horário desejado',
      'Entre 14:00 e 18:00. Se pedir até 12:00',
      'Entre 18:00 e 21:00. Se pedir até 16:00',
    ]);
    await userEvent.selectOptions(slot, 'Entre 18:00 e 21:00. Se pedir até 16:00');
    await waitFor(() =>
      expect(choices).toEqual([{ day: '2030-01-07', startTime: '18:00', endTime: '21:00' }]),
    );
    expect(form().getValues()).toMatchObject({ selectedDay: '2030-01-07', selectedSchedule: '18:00' });
  });

  it("shows 'Sem horários de entrega disponíveis' when there are no days", async () => {
    server.use(http.get('/api/order/schedule', () => envelope({ times: [] })));
    renderSection((ctx) => <ScheduleSection ctx={ctx} />, withSchedule);
    expect(await screen.findByText('Sem horários de entrega disponíveis')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("warns 'Falha ao carregar horários de entrega' when the schedule fails", async () => {
    server.use(http.get('/api/order/schedule', () => failure('Erro interno')));
    renderSection((ctx) => <ScheduleSection ctx={ctx} />, withSchedule);
    expect(await screen.findByRole('alert')).toHaveTextContent('Falha ao carregar horários de entrega');
  });

  it("shows the server's message by the slot when the choice is refused", async () => {
    server.use(
      http.get('/api/order/schedule', () => envelope({ times })),
      http.post('/api/order/schedule', () =>
        failure('O horário escolhido não está mais disponível. Escolha outro horário.', 400),
      ),
    );
    const { form } = renderSection((ctx) => <ScheduleSection ctx={ctx} />, {
      ...withSchedule,
      values: { selectedDay: '2030-01-07' },
    });
    const slot = await screen.findByRole('combobox', { name: 'Horário da entrega' });
    await userEvent.selectOptions(slot, 'Entre 14:00 e 18:00. Se pedir até 12:00');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O horário escolhido não está mais disponível.',
    );
    expect(slot).toHaveAccessibleDescription(
      'O horário escolhido não está mais disponível. Escolha outro horário.',
    );
    expect(form().getValues('selectedSchedule')).toBeUndefined();
  });
});
