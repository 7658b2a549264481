# wetopi-memory: the Argo CD sync job's image. `bootstrap` reconciles banks.yaml against Hindsight.
# The API key only ever comes from the environment (HINDSIGHT_API_KEY, from a Kubernetes Secret).
# Reproducible: the base image by exact version, the runtime dependencies from requirements.lock with hashes,
# and only the finished virtual environment copied into the final image (no wheels, no build tools).
ARG PYTHON_IMAGE=python:3.11.10-slim-bookworm

FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/wetopi-memory
COPY requirements.lock /src/requirements.lock
RUN /opt/wetopi-memory/bin/pip install --require-hashes --no-deps -r /src/requirements.lock
WORKDIR /src
COPY pyproject.toml README.md ./
COPY wetopi_memory ./wetopi_memory
COPY cli ./cli
COPY plugin ./plugin
RUN /opt/wetopi-memory/bin/pip wheel --no-deps --wheel-dir /tmp/dist . \
 && /opt/wetopi-memory/bin/pip install --no-deps /tmp/dist/*.whl \
 && rm -rf /tmp/dist

FROM ${PYTHON_IMAGE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/wetopi-memory/bin:$PATH \
    WETOPI_MEMORY_STATE_DIR=/tmp/wetopi-memory
RUN useradd --uid 10001 --no-create-home --shell /usr/sbin/nologin wetopi
COPY --from=build /opt/wetopi-memory /opt/wetopi-memory
COPY banks/banks.yaml /etc/wetopi-memory/banks.yaml
USER 10001:10001
ENTRYPOINT ["wetopi-memory"]
CMD ["bootstrap", "/etc/wetopi-memory/banks.yaml"]
