"""The write-intent check: requests write, questions never do (PT and EN, everyday spelling)."""
from __future__ import annotations

import pytest

from agent_system.dialogue.reading.write_intent import confirmation_reply, is_write_request

# Questions about slots, doctors, prices, places and quality, after a listing: never a write.
QUESTIONS = [
    # who
    "Quem atende às 14h no dia 30 com o Dr. Ricardo Lopes?",
    "quem é que tem o horario das 10h amanha?",
    "Who has the 2 PM slot with Dr. Ricardo Lopes on the 30th?",
    "who is seeing patients at 9:00 tomorrow at the cardiology clinic?",
    "Which doctor has the 10 AM on Friday?",
    "qual medico atende as 9h na sexta?",
    # whether / is it free
    "O horário das 10h com a Dra. Camila Rocha amanhã ainda está livre?",
    "ta livre o das 9 com a dra juliana dia 27?",
    "Is the 10:30 with Dr. Paulo Henrique Lima still available?",
    "Is Dr. Marcelo Tavares free on the 28th at 14:00?",
    "Does Dr. Fernando Mendes have anything at 9 on Tuesday?",
    "Are there any slots left with Dra. Luciana Freitas tomorrow at 10?",
    "sera que a dra patricia gomes tem vaga dia 26 as 15h?",
    "sabe se o dr rafael moreira atende sexta de manha?",
    "tem vaga com o dr eduardo nunes amanha as 11h?",
    "Existe horário com a Dra. Mariana Alves na quinta às 8h?",
    "Whether the first slot is with a man or a woman doctor?",
    "o primeiro horario é com qual medico?",
    "the earliest one is at which clinic?",
    # price
    "Quanto custa a consulta com o Dr. Ricardo Lopes às 10h?",
    "qnto custa marcar uma consulta de dermato?",
    "How much is an appointment with Dra. Camila Rocha on Friday at 9?",
    "How much does it cost to book the 2 PM slot?",
    "aceita unimed na consulta das 10h com a dra ana beatriz?",
    "Do you take Bradesco Saúde for the 11:00 with Dr. Paulo?",
    # where
    "Onde fica a clínica do Dr. Marcelo Tavares?",
    "onde é a consulta das 14h com a dra patricia?",
    "Where is Dr. Rafael Moreira's clinic?",
    "Where do I go for the 9 AM with Dra. Juliana Castro?",
    # how / when (process questions, with write verbs inside)
    "Como faço para marcar com a Dra. Camila Rocha amanhã às 10h?",
    "como eu cancelo uma consulta?",
    "How do I book the 10 AM with Dr. Fernando Mendes?",
    "How can I reschedule if something comes up?",
    "When can I cancel without a fee?",
    "Quando posso remarcar sem pagar multa?",
    # quality
    "O Dr. Ricardo Lopes é bom?",
    "a dra luciana freitas é boa mesmo? o das 16h ta bom?",
    "Is Dr. Eduardo Nunes any good? How is the 3 PM with him?",
    "What do patients say about Dra. Mariana Alves?",
    "Which cardiologist is better, Dr. Lopes or Dra. Souza?",
    # other questions about slots
    "Quais horários tem a Dra. Camila na sexta?",
    "What times does Dr. Paulo Henrique Lima have on Thursday?",
    "e o das 11h, tem?",
    "Was the 9 o'clock taken by someone?",
    "Has anyone booked the 10 AM with Dr. Lopes?",
    "Quem marcou o horário das 10h com o Dr. Ricardo?",
]

REQUESTS = [
    "Marca com a Dra. Camila Rocha amanhã às 10h",
    "put me with Dr. Fernando Mendes on Tuesday at 9", "dr fernando terça 9h, esse pode reservar",
    "marca pra mim o das 9 com a dra juliana",
    "Quero agendar com o Dr. Ricardo Lopes no dia 30 às 14h",
    "queria marcar dermato sexta 10h com a dra camila",
    "gostaria de reservar o horário das 15h com a Dra. Patrícia Gomes",
    "Pode marcar pra mim com o Dr. Paulo amanhã às 11h?",
    "vc consegue agendar com a dra mariana dia 27 as 8h?",
    "Can you book me with Dr. Fernando Mendes on Friday at 9?",
    "Could you book the 2 PM with Dr. Ricardo Lopes please?",
    "I'd like to book the 10:30 with Dra. Luciana Freitas tomorrow",
    "I want to schedule an appointment with Dr. Eduardo Nunes on the 28th at 16:00",
    "Please book the earliest slot",
    "Book me in with Dr. Marcelo Tavares at 3 PM on Tuesday",
    "ok, marca",
    "sim, pode agendar",
    "o primeiro",
    "quero o das 10h",
    "I'll take the first one",
    "that one please",
    "Cancela minha consulta com a Dra. Camila",
    "Cancel my appointment with Dr. Lopes",
    "remarca minha consulta pra sexta",
    "Could we move it to Friday at 10?",
    "tem horário amanhã às 10h com a dra camila? se tiver, marca",
    "Is Dr. Nunes free at 3? If so, book me",
    # leave asked for a whole slot (doctor, day, time) is a request: it books at once
    "dá pra marcar com a dra camila amanhã às 10?",
]


# Found by trying to make questions write: no question mark, an imperative that asks, a quote, a
# negation anywhere, a hedge, a third person, a hypothetical, a first-person "can I…?".
DISGUISED_QUESTIONS = [
    "Dr. Fernando terça às 9h é bom", "terça 9h dr fernando tá livre", "Dr. Fernando terça às 9h tem estacionamento",
    "o primeiro é caro", "o primeiro tem vaga", "primeiro quero saber o preço", "first, tell me the price",
    "the first one is it free", "confirma se o Dr. Fernando atende terça às 9h",
    "confirm whether Dr. Fernando is free tuesday at 9", "passa o endereço do Dr. Fernando terça 9h",
    "muda nada, só queria saber se Dr. Fernando terça 9h está livre",
    "Troca de assunto: Dr. Fernando terça 9h é cardiologista",
    '"marca com o Dr. Fernando terça às 9h" é o que eu devo escrever',
    "não, marca não. Dr. Fernando terça às 9h tá livre", "marca com o Dr. Fernando terça às 9h, só perguntando",
    "Posso marcar com o Dr. Fernando terça às 9h pelo telefone?", "Tem como marcar com o Dr. Fernando sem convênio?",
    "Meu filho pode marcar com o Dr. Fernando terça às 9h?", "Would you book Dr. Fernando tuesday at 9 if you were me?",
    "quero saber se posso marcar com o Dr. Fernando terça às 9h?", "preciso marcar com o Dr. Fernando terça às 9h? ou é melhor outro",
    "please don't book Dr. Fernando tuesday at 9", "Please do not book Dr. Fernando tuesday at 9",
    "Never book Dr. Fernando tuesday at 9 for me", "tem como marcar o das 10h com o dr rafael?",
    "dá pra marcar amanhã às 10?", "posso marcar com a dra camila?",
]


@pytest.mark.parametrize("message", QUESTIONS + DISGUISED_QUESTIONS)
def test_a_question_is_not_a_write_request(message):
    assert not is_write_request(message)


@pytest.mark.parametrize("message", REQUESTS)
def test_a_request_is_a_write_request(message):
    assert is_write_request(message)


@pytest.mark.parametrize("message", ["não quero marcar agora, só ver os horários", "don't book anything yet",
                                     "nao cancela nao, so queria saber o horario"])
def test_a_negated_request_is_not_a_write_request(message):
    assert not is_write_request(message)


@pytest.mark.parametrize("message, reply", [
    ("sim", "yes"), ("Sim, pode cancelar", "yes"), ("yes please", "yes"), ("ok", "yes"), ("Confirmo", "yes"),
    ("não", "no"), ("Nao, deixa", "no"), ("no", "no"), ("keep it", "no"), ("melhor não", "no"),
    ("qual era o horário mesmo?", None), ("quero marcar outra", None),
    # Hesitations, questions back and a "no" later in the reply are never a yes.
    ("Claro que não!", "no"), ("isso não, quero saber outra coisa", "no"), ("Pode deixar como está", "no"),
    ("pode esperar um pouco?", "no"), ("ok, deixa eu pensar", "no"), ("certo, vou pensar e te falo", "no"),
    ("Pode me passar o endereço da clínica antes?", None), ("confirmo que NÃO quero", "no"), ("sim?", None),
    ("s", None), ("Sure? what happens to my fee", None), ("okay wait, which one?", "no"),
    ("yes or no? I don't know", "no"),
])
def test_confirmation_replies(message, reply):
    assert confirmation_reply(message) == reply


@pytest.mark.parametrize("message, reply", [("K7M4QP", "yes"), ("o código é K7M4QP", "yes"),
                                            ("k7m4qp, pode cancelar", "yes"), ("K7M4QP não", "no"),
                                            ("K7M4QP é o código da outra?", None)])
def test_a_typed_code_with_nothing_but_assent_confirms(message, reply):
    assert confirmation_reply(message, "K7M4QP") == reply


def test_the_question_table_is_large_enough():
    assert len(QUESTIONS) >= 40


@pytest.mark.parametrize("message", ["às 10h", "o das 14h30", "Dr. Fernando 27/11 às 08:00", "tomorrow at 9",
                                     "the fifth", "a segunda opção", "Quarta às 10h com a Dra. Juliana",
                                     "pode ser c a dra juliana quinta 3 as 9h", "Dr. Fernando on Friday at 10 am works"])
def test_naming_a_slot_without_a_verb_is_a_choice(message):
    assert is_write_request(message)


@pytest.mark.parametrize("message", ["às 10h?", "Dr. Fernando 27/11 às 08:00?", "amanhã às 10h tem?",
                                     "tomorrow at 9, is that free?", "o primeiro?", "minha consulta é dia 25 né?"])
def test_naming_a_slot_as_a_question_is_not_a_choice(message):
    assert not is_write_request(message)
